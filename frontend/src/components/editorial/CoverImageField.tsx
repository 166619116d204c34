'use client';

import { DeleteOutlined, UploadOutlined } from '@/components/icons';
import { Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { errorSentence } from '@/lib/api/errors';
import { imageUrl, uploadImage } from '@/lib/api/images';
import { uploaderProblem } from '@/lib/images/checks';
import styles from './Editorial.module.css';

/**
 * A post's cover: a JPG or PNG of at most 2 MB (the image rules), uploaded at once; the value is
 * its id. Shown at the share cards' 1200×630 shape.
 */
export function CoverImageField({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (id: string | null) => void;
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
      onChange?.((await uploadImage(file)).id);
    } catch (e) {
      setProblem(errorSentence(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className={styles.cover}>
      <div className={styles.coverPreview}>
        {value ? (
          <img src={imageUrl(value)} alt="Cover" data-testid="cover-preview" />
        ) : (
          <span>No cover image</span>
        )}
      </div>
      <Space wrap>
        <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
          {value ? 'Replace' : 'Upload'}
        </Button>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            Remove
          </Button>
        )}
      </Space>
      <input
        ref={input}
        type="file"
        style={{ display: 'none' }}
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        data-testid="cover-input"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {problem ? (
        <p className={styles.fieldError} role="alert">
          {problem}
        </p>
      ) : (
        <p className={styles.hint}>JPG or PNG up to 2 MB; 1200×630 suits share cards.</p>
      )}
    </div>
  );
}
