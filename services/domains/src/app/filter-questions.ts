import { randomUUID } from 'node:crypto';
import type { FilterQuestionView } from '@parley/contracts';
import { filterQuestionSchema } from '@parley/contracts/validation';
import { filterQuestionNotFound } from '../domain/shared/errors';
import { questionOfAccount } from '../projections/domains/queries';
import type { Caller, DomainsDeps } from './deps';
import { runOnDomain } from './run-on-domain';
import { isId, validate } from './validate';

export async function addFilterQuestion(
  deps: DomainsDeps,
  caller: Caller,
  input: { domainId: string; question: unknown; answer: unknown },
): Promise<FilterQuestionView> {
  const { question, answer } = validate(filterQuestionSchema, {
    question: input.question,
    answer: input.answer,
  });
  const questionId = randomUUID();
  await runOnDomain(deps, caller, input.domainId, {
    type: 'AddFilterQuestion',
    questionId,
    question,
    answer,
    addedBy: caller.userId,
  });
  const view = await questionOfAccount(deps.pool, caller.accountId, questionId);
  if (!view) throw new Error(`filter question ${questionId} missing from the read model after its add`);
  return view;
}

/** Questions are addressed by their own id; the read model says which of the caller's domains holds it. */
export async function deleteFilterQuestion(
  deps: DomainsDeps,
  caller: Caller,
  input: { questionId: string },
): Promise<void> {
  if (!isId(input.questionId)) throw filterQuestionNotFound();
  const question = await questionOfAccount(deps.pool, caller.accountId, input.questionId);
  if (!question) throw filterQuestionNotFound();
  await runOnDomain(deps, caller, question.domainId, {
    type: 'DeleteFilterQuestion',
    questionId: question.id,
  });
}
