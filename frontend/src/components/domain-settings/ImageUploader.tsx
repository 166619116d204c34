'use client';

import { DeleteOutlined, UploadOutlined } from '@/components/icons';
import { Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '@parley/contracts/validation';
import { imageUrl, uploadImage } from '@/lib/api/images';
import { errorSentence } from '@/lib/api/errors';
import { uploaderProblem } from '@/lib/images/checks';
import styles from './DomainSettings.module.css';

/**
 * Picks a JPG, JPEG or PNG of at most 2 MB and uploads it (POST /api/images); its value is the
 * uploaded image's id. The browser checks name and size first with the uploader's messages; the
 * server judges the bytes and its message is shown when it refuses.
 */
export function ImageUploader({
  value,
  onChange,
  domainId,
  label,
}: {
  value?: string | null;
  onChange?: (id: string | null) => void;
  domainId: string;
  label: string;
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
      onChange?.(image.id);
    } catch (e) {
      setProblem(errorSentence(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className={styles.uploader}>
      <div className={styles.uploadPreview}>
        {value ? <img src={imageUrl(value)} alt={label} /> : <span>No image</span>}
      </div>
      <div className={styles.uploadSide}>
        <Space wrap>
          <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
            {value ? 'Replace' : 'Upload'} {label.toLowerCase()}
          </Button>
          {value && (
            <Button
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(null)}
              aria-label={`Remove ${label.toLowerCase()}`}
            />
          )}
        </Space>
        <span className={styles.uploadHint}>JPG, JPEG or PNG, up to {MAX_IMAGE_BYTES / 1048576} MB.</span>
        {problem && (
          <span role="alert" className={styles.uploadError} data-testid="upload-error">
            {problem}
          </span>
        )}
        <input
          ref={input}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          style={{ display: 'none' }}
          aria-label={`${label} file`}
          data-testid={`upload-${label.toLowerCase()}`}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </div>
    </div>
  );
}

export { IMAGE_MESSAGES };
