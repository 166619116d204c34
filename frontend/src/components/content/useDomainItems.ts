'use client';

import { useCallback, useEffect, useState } from 'react';
import { errorSentence } from '@/lib/api/errors';
import { useToast } from '@/components/toast/useToast';

/** The part of a content collection (lib/api/content `collection`) a list screen needs. */
export interface DomainCollection<T> {
  list(domainId: string, signal?: AbortSignal): Promise<{ data: T[] }>;
  remove(id: string): Promise<unknown>;
}

export type DomainItems<T extends { id: string }> = ReturnType<typeof useDomainItems<T>>;

/**
 * One domain's items of a content kind: loads them (again when the domain changes), removes one
 * with the catalogue toasts, and tracks which item's editor is open ('new' for a fresh one).
 * `collection` must be a stable module value, it is a dependency of `load`.
 */
export function useDomainItems<T extends { id: string }>(
  collection: DomainCollection<T>,
  domainId: string,
  deleted: { title: string; name(item: T): string },
) {
  const [list, setList] = useState<T[]>();
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState<T | 'new'>();
  const toast = useToast();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setList((await collection.list(domainId, signal)).data);
        setError(undefined);
      } catch (e) {
        if (!signal?.aborted) setError(errorSentence(e));
      }
    },
    [collection, domainId],
  );
  useEffect(() => {
    const c = new AbortController();
    void load(c.signal);
    return () => c.abort();
  }, [load]);

  async function remove(item: T) {
    try {
      await collection.remove(item.id);
      toast.success(deleted.title, deleted.name(item));
      setList((current) => current?.filter((x) => x.id !== item.id));
    } catch (e) {
      toast.error('An unexpected error occurred', errorSentence(e));
    }
  }

  /** Closes the editor; a saved item means the list is stale. */
  function closeEditor(saved: boolean) {
    setEditing(undefined);
    if (saved) void load();
  }

  return { list, error, load, remove, editing, setEditing, closeEditor };
}
