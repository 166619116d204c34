'use client';

import { DeleteOutlined, EditOutlined, PlusOutlined } from '@/components/icons';
import { Alert, Button, Card, Empty, Popconfirm, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { DomainItems } from './useDomainItems';

/**
 * The frame of a domain's content list: title with the "new" button, the load error with a
 * retry, a skeleton while loading, the empty state, then the kind's own list and its editor.
 */
export function ContentListCard<T extends { id: string }>({
  items,
  title,
  newLabel,
  errorTitle,
  emptyText,
  children,
  editor,
}: {
  items: DomainItems<T>;
  title: string;
  newLabel: string;
  errorTitle: string;
  emptyText: string;
  /** Renders a non-empty list. */
  children(list: T[]): ReactNode;
  /** The open editor: of `item`, or of a new one without it. */
  editor(item: T | undefined, onClose: (saved: boolean) => void): ReactNode;
}) {
  const { list, error, editing } = items;
  return (
    <Card
      title={title}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => items.setEditing('new')}>
          {newLabel}
        </Button>
      }
    >
      {error && (
        <Alert
          type="error"
          showIcon
          title={errorTitle}
          description={error}
          action={<Button onClick={() => void items.load()}>Try again</Button>}
        />
      )}
      {!list && !error && <Skeleton active />}
      {list && list.length === 0 && <Empty description={emptyText} />}
      {list && list.length > 0 && children(list)}
      {editing && editor(editing === 'new' ? undefined : editing, items.closeEditor)}
    </Card>
  );
}

/** Edit and delete (after a confirmation) buttons of one listed item called `name`. */
export function ItemActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit(): void;
  onDelete(): Promise<void>;
}) {
  return (
    <>
      <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${name}`} onClick={onEdit} />
      <Popconfirm
        title={`Delete ${name}?`}
        okText="Delete"
        okButtonProps={{ danger: true }}
        onConfirm={onDelete}
      >
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${name}`} />
      </Popconfirm>
    </>
  );
}
