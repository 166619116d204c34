import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

// The V8 profiles' call frames (CPU and sampling heap profiles share the shape) named by where
// their code comes from. Bundled project code is mapped to its sources through the bundle's
// source map as it is now: summarise before the next run rebuilds the bundle.

const sourceMaps = new Map();

/** The project source a bundled frame came from (npm packages are not bundled: their own path). */
export function sourceOf(frame) {
  const { url } = frame;
  if (!url.startsWith('file://') && !url.startsWith('/')) return url;
  if (url.includes('node_modules')) return url;
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (!sourceMaps.has(path)) {
    const mapFile = `${path}.map`;
    sourceMaps.set(
      path,
      existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null,
    );
  }
  const entry = sourceMaps.get(path)?.findEntry(frame.lineNumber, frame.columnNumber);
  return entry?.originalSource ?? url;
}

/** npm package, node:<area>, project file, or V8's own: (idle), (garbage collector), (V8 API)... */
export function moduleOf(frame) {
  if (!frame.url)
    return frame.functionName.startsWith('(') ? frame.functionName : `(native) ${frame.functionName}`;
  const source = sourceOf(frame);
  const pkg = source.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (source.startsWith('node:'))
    return source
      .replace(/^node:internal\//, 'node:')
      .split('/')
      .slice(0, 2)
      .join('/');
  const own = source.match(/(packages\/[^/]+|services\/[^/]+|gateway|bench)\/(src\/)?(.*)$/);
  return own ? `${own[1]}: ${own[3]}` : source;
}
