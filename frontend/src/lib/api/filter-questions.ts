import { z } from 'zod';
import { api } from './client';

export const filterQuestionSchema = z.looseObject({
  id: z.string(),
  question: z.string(),
  answer: z.string().nullish(),
  answered: z.boolean().optional(),
  createdAt: z.string().optional(),
});
export type FilterQuestion = z.infer<typeof filterQuestionSchema>;

export const listFilterQuestions = (domainId: string, signal?: AbortSignal) =>
  api(`/settings/filter-questions?domainId=${encodeURIComponent(domainId)}`, {
    schema: z.object({ data: z.array(filterQuestionSchema) }),
    signal,
  });

export const addFilterQuestion = (domainId: string, question: string, answer: string) =>
  api('/settings/filter-questions', {
    method: 'POST',
    body: { domainId, question, answer },
    schema: z.object({ data: filterQuestionSchema }),
  });

export const deleteFilterQuestion = (id: string) =>
  api(`/settings/filter-questions/${encodeURIComponent(id)}`, { method: 'DELETE' });
