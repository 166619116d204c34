'use client';

import { SendOutlined } from '@ant-design/icons';
import { MAX_MESSAGE_LENGTH, type NoteType } from '@parley/contracts';
import { Button, Input, Segmented } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import styles from './Conversations.module.css';

type Mode = 'reply' | NoteType;

const MODES: { value: Mode; label: string }[] = [
  { value: 'reply', label: 'Reply' },
  { value: 'internal', label: 'Internal note' },
  { value: 'transfer', label: 'Transfer note' },
];

/**
 * Writes a reply to the visitor, or a note only the team sees (internal or transfer). Enter
 * sends, Shift+Enter breaks the line; the text stays when sending fails.
 */
export function Composer({
  sending,
  onSend,
  onInput,
}: {
  sending: boolean;
  onSend(text: string, note: NoteType | null): Promise<boolean>;
  onInput(): void;
}) {
  const [text, setText] = useState('');
  const [mode, setMode] = useState<Mode>('reply');
  const note = mode === 'reply' ? null : mode;

  async function submit() {
    if (sending || !text.trim()) return;
    const sent = text;
    setText('');
    const ok = await onSend(sent, note);
    if (!ok) setText((current) => current || sent);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <div className={`${styles.composer} ${note ? styles.composerNote : ''}`} data-testid="composer">
      <Segmented
        size="small"
        options={MODES}
        value={mode}
        onChange={(v) => setMode(v as Mode)}
        aria-label="Message kind"
        data-testid="composer-mode"
      />
      <div className={styles.composerRow}>
        <Input.TextArea
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!note) onInput();
          }}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder={note ? 'Write a note for your team (the visitor never sees it)' : 'Write a reply…'}
          aria-label={note ? 'Note' : 'Reply'}
          maxLength={MAX_MESSAGE_LENGTH}
          data-testid="composer-input"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={sending}
          disabled={!text.trim()}
          onClick={() => void submit()}
          aria-label={note ? 'Add note' : 'Send'}
          data-testid="composer-send"
        >
          {note ? 'Add note' : 'Send'}
        </Button>
      </div>
    </div>
  );
}
