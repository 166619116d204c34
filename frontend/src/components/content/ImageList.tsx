'use client';

import { DeleteOutlined, PlusOutlined } from '@/components/icons';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { uploadImage } from '@/lib/api/images';
import { errorSentence } from '@/lib/api/errors';
import { uploaderProblem } from '@/lib/images/checks';
import styles from './Content.module.css';

export interface ImageRef {
  id: string;
  url: string;
}

/** Several uploaded images (products: up to 10), with the uploader's own checks first. */
export function ImageList({
  domainId,
  value,
  onChange,
  max,
}: {
  domainId: string;
  value: ImageRef[];
  onChange(images: ImageRef[]): void;
  max: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function pick(file: File | undefined) {
    if (!file) return;
    setProblem(undefined);
    const local = uploaderProblem(file);
    if (local) return setProblem(local);
    setBusy(true);
    try {
      const image = await uploadImage(file, domainId);
      onChange([...value, { id: image.id, url: image.url }]);
    } catch (e) {
      setProblem(errorSentence(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div>
      <div className={styles.images}>
        {value.map((img) => (
          <div key={img.id} className={styles.thumb}>
            <img src={img.url} alt="" />
            <Button
              size="small"
              shape="circle"
              icon={<DeleteOutlined />}
              aria-label="Remove image"
              onClick={() => onChange(value.filter((i) => i.id !== img.id))}
            />
          </div>
        ))}
        {value.length < max && (
          <button
            type="button"
            className={styles.addThumb}
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            <PlusOutlined />
            <span>{busy ? 'Uploading…' : 'Add image'}</span>
          </button>
        )}
      </div>
      {problem && (
        <span role="alert" className={styles.error} data-testid="upload-error">
          {problem}
        </span>
      )}
      <input
        ref={input}
        type="file"
        style={{ display: 'none' }}
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        data-testid="upload-image"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
    </div>
  );
}
