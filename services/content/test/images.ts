import sharp from 'sharp';

/** Real encoded images, made by an image library (not hand-written headers), for upload tests. */
export const jpegOf = (width: number, height: number, quality = 80): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg({ quality })
    .toBuffer();

export const pngOf = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A real JPEG over 3 MB: random noise does not compress, so the size is the pixels' doing. */
export async function bigJpeg(minBytes = 3 * 1024 * 1024): Promise<Buffer> {
  const side = 1100;
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = ((i * 2654435761) >>> 24) ^ (i & 0xff);
  const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
  if (jpeg.length < minBytes) throw new Error(`test JPEG is only ${jpeg.length} bytes`);
  return jpeg;
}
