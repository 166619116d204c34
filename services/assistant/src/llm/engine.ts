import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Logger } from '@parley/logger';
import type {
  AnswerEngine,
  AnswerRequest,
  EngineReply,
  FallbackReason,
  Turn,
  Understanding,
} from '../engine/types';
import type { DomainKnowledge } from '../knowledge/model';
import type { LanguageModelConfig } from './config';
import type { ModelCall } from './endpoint';
import { buildMessages } from './prompt';
import { fallbackReply, groundedReply } from './reply';
import { deltaThrottle } from './throttle';

/** How often, at most, the growing answer is pushed to the widget (a finished sentence goes at once). */
export const DELTA_INTERVAL_MS = 50;

type Outcome = { ok: true; text: string } | { ok: false; reason: FallbackReason; detail: string };

/** A stream that closed before the provider said it had finished: the answer may be cut off. */
class IncompleteStreamError extends Error {
  constructor() {
    super('the stream ended without a finish_reason');
  }
}

/**
 * Words the answer with a language model over any OpenAI-compatible chat API, grounded in what
 * the fallback (retrieval) engine found. Understanding, and every reply the model can't give in
 * time or at all, are the fallback's: the assistant never answers worse than without a model.
 */
export class LanguageModelEngine implements AnswerEngine {
  readonly name = 'language-model' as const;
  private readonly client: OpenAI;
  private last: ModelCall | null = null;

  constructor(
    private readonly config: LanguageModelConfig,
    private readonly fallback: AnswerEngine,
    private readonly logger?: Logger,
  ) {
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      // The SDK insists on a key; local servers (Ollama, vLLM) ignore whatever is sent.
      apiKey: config.apiKey ?? 'not-needed',
      timeout: config.timeoutMs,
      // A retry would not fit in the time budget; the fallback reply is the better second try.
      maxRetries: 0,
      // Failures are logged once, here, with the reason the decision record gets.
      logLevel: 'off',
    });
  }

  understand(knowledge: DomainKnowledge, message: string, history: Turn[]): Understanding {
    return this.fallback.understand(knowledge, message, history);
  }

  async answer(request: AnswerRequest): Promise<EngineReply> {
    const retrieval = await this.fallback.answer({ ...request, onDelta: undefined });
    const startedAt = Date.now();
    const outcome = await this.generate(request, retrieval);
    const ms = Date.now() - startedAt;
    this.noteCall(outcome, ms);
    if (!outcome.ok) {
      this.logger?.warn(
        { domainId: request.knowledge.domainId, reason: outcome.reason, detail: outcome.detail, ms },
        'language model gave no answer; sending the retrieval reply',
      );
      return fallbackReply(retrieval, outcome.reason);
    }
    this.logger?.debug(
      { domainId: request.knowledge.domainId, ms, chars: outcome.text.length },
      'language model answered',
    );
    return groundedReply(retrieval, outcome.text);
  }

  /** The endpoint's last call (null before the first): what the service's /readyz reports. */
  lastCall(): ModelCall | null {
    return this.last;
  }

  private noteCall(outcome: Outcome, ms: number): void {
    const at = new Date().toISOString();
    // An abort is the caller's doing (the room went live) and says nothing about the endpoint.
    if (outcome.ok) this.last = { answered: true, at, ms };
    else if (outcome.reason !== 'aborted') this.last = { answered: false, at, ms, reason: outcome.reason };
  }

  private async generate(request: AnswerRequest, retrieval: EngineReply): Promise<Outcome> {
    // The SDK's own timeout stops at the response headers; this one covers the whole stream.
    const deadline = AbortSignal.timeout(this.config.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    const messages = buildMessages({
      knowledge: request.knowledge,
      message: request.message,
      history: request.history,
      candidates: retrieval.candidates,
    });
    try {
      const text = request.onDelta
        ? await this.stream(messages, signal, request.onDelta)
        : await this.complete(messages, signal);
      // The SDK ends a stream quietly when it is aborted: what arrived may be cut off.
      if (signal.aborted) return this.interrupted(request.signal, 'aborted mid-answer');
      if (text === '') return { ok: false, reason: 'empty-output', detail: 'the model returned no text' };
      return { ok: true, text };
    } catch (error) {
      if (signal.aborted || error instanceof APIConnectionTimeoutError) {
        return this.interrupted(request.signal, String(error));
      }
      const status = error instanceof APIError && error.status ? `HTTP ${error.status}: ` : '';
      return {
        ok: false,
        reason: 'provider-error',
        detail: `${status}${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  private interrupted(callerSignal: AbortSignal | undefined, detail: string): Outcome {
    return callerSignal?.aborted
      ? { ok: false, reason: 'aborted', detail }
      : { ok: false, reason: 'timeout', detail: `no complete answer within ${this.config.timeoutMs} ms` };
  }

  private async complete(messages: ChatCompletionMessageParam[], signal: AbortSignal): Promise<string> {
    const completion = await this.client.chat.completions.create(
      {
        model: this.config.model,
        messages,
        max_tokens: this.config.maxTokens,
        temperature: this.config.temperature,
        stream: false,
      },
      { signal },
    );
    return (completion.choices[0]?.message?.content ?? '').trim();
  }

  private async stream(
    messages: ChatCompletionMessageParam[],
    signal: AbortSignal,
    onDelta: (textSoFar: string) => void,
  ): Promise<string> {
    const stream = await this.client.chat.completions.create(
      {
        model: this.config.model,
        messages,
        max_tokens: this.config.maxTokens,
        temperature: this.config.temperature,
        stream: true,
      },
      { signal },
    );
    const throttle = deltaThrottle((text) => {
      // A listener's failure (e.g. the realtime publish) must not cost the visitor the answer.
      try {
        onDelta(text);
      } catch (error) {
        this.logger?.warn({ err: error }, 'streaming a partial answer failed');
      }
    }, DELTA_INTERVAL_MS);
    let text = '';
    let finished = false;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (!choice) continue;
      if (choice.delta?.content) {
        text += choice.delta.content;
        // Trimmed, so the last text streamed is exactly the text returned.
        if (text.trim() !== '') throttle.push(text.trim());
      }
      if (choice.finish_reason) finished = true;
    }
    if (signal.aborted) return text.trim();
    if (!finished) throw new IncompleteStreamError();
    throttle.flush();
    return text.trim();
  }
}
