'use client';

import type { FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/lib/api/errors';
import { splitServerFields } from '@/lib/forms/zod-fields';
import { useToast } from '@/components/toast/useToast';

/** The part of a content collection (lib/api/content `collection`) an edit form needs. */
export interface WritableCollection {
  create(body: unknown): Promise<unknown>;
  update(id: string, body: unknown): Promise<unknown>;
}

/**
 * Saving one content item from its form: create or update, the catalogue toasts, and the
 * server's field errors shown on the form's own fields (the others only in the toast).
 */
export function useItemSave(
  form: FormInstance,
  collection: WritableCollection,
  fields: readonly string[],
  texts: { created: string; updated: string; failed: string },
) {
  const [saving, setSaving] = useState(false);
  const toast = useToast();

  /** Updates the item `id`, or creates one without it; true when it was saved. */
  async function save(id: string | undefined, body: unknown): Promise<boolean> {
    setSaving(true);
    try {
      if (id) await collection.update(id, body);
      else await collection.create(body);
      toast.success(id ? texts.updated : texts.created);
      return true;
    } catch (e) {
      if (e instanceof ApiError) {
        const { onForm } = splitServerFields(e.fields, fields);
        if (onForm.length) form.setFields(onForm);
      }
      toast.error(texts.failed, e instanceof ApiError ? e.message : undefined);
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { saving, save };
}
