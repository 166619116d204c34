import type { ChatMessage } from '@parley/contracts';
import type {
  AppointmentType,
  Article,
  CustomerQuestion,
  Product,
  VisitorSession,
  WidgetChat,
  WidgetProfile,
} from './types';

/** An API refusal with the gateway's code and message (docs/api.md error shape). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The app is served by the gateway: every call is same-origin. */
async function call<T>(path: string, init: RequestInit & { token?: string | null } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body) headers.set('Content-Type', 'application/json');
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const res = await fetch(path, { ...init, headers, credentials: 'omit' });
  if (res.status === 204) return undefined as T;
  const body = (await res.json().catch(() => null)) as {
    data?: T;
    error?: { code?: string; message?: string };
  } | null;
  if (!res.ok) {
    throw new ApiError(
      res.status,
      body?.error?.code ?? 'ERROR',
      body?.error?.message ?? 'Something went wrong',
    );
  }
  return (body?.data ?? body) as T;
}

const post = (body: unknown, token?: string | null): RequestInit & { token?: string | null } => ({
  method: 'POST',
  body: JSON.stringify(body),
  token,
});

const domainPath = (domainId: string, rest = '') =>
  `/api/widget/domains/${encodeURIComponent(domainId)}${rest}`;

export const widgetApi = {
  profile: (domainId: string) => call<WidgetProfile>(domainPath(domainId)),
  articles: (domainId: string) => call<Article[]>(domainPath(domainId, '/articles')),
  products: (domainId: string) => call<Product[]>(domainPath(domainId, '/products')),
  appointmentTypes: (domainId: string) => call<AppointmentType[]>(domainPath(domainId, '/appointment-types')),
  takenSlots: (domainId: string, date: string) =>
    call<string[]>(domainPath(domainId, `/taken-slots?date=${encodeURIComponent(date)}`)),
  session: (domainId: string, visitorKey: string | null) =>
    call<VisitorSession>('/api/widget/session', post(visitorKey ? { domainId, visitorKey } : { domainId })),
  chat: (token: string) => call<WidgetChat>('/api/widget/chat', { token }),
  send: (token: string, content: string, clientId: string) =>
    call<{ roomId: string; message: ChatMessage; assistantAnswers?: boolean }>(
      '/api/widget/messages',
      post({ content, clientId }, token),
    ),
  seen: (token: string) => call<void>('/api/widget/seen', post({}, token)),
  questions: (token: string) => call<CustomerQuestion[]>('/api/widget/questions', { token }),
  answer: (token: string, answers: Array<{ questionId: string; answer: string }>) =>
    call<CustomerQuestion[]>('/api/widget/answers', post({ answers }, token)),
  book: (
    token: string,
    booking: { appointmentTypeId?: string; date: string; slot: string; email: string; name?: string },
  ) => call<unknown>('/api/widget/bookings', post(booking, token)),
  offlineMessage: (token: string, form: { email: string; message: string; clientId: string }) =>
    call<{ session: VisitorSession; roomId: string; message: ChatMessage }>(
      '/api/widget/offline-message',
      post(form, token),
    ),
  feedback: (token: string, articleId: string, helpful: boolean) =>
    call<void>('/api/widget/feedback', post({ articleId, helpful }, token)),
};

/** Settings hold stored image ids; product and appointment views already carry their address. */
export function imageSrc(image: string | null | undefined): string | null {
  if (!image) return null;
  if (/^https?:\/\//i.test(image) || image.startsWith('/')) return image;
  return `/api/images/${encodeURIComponent(image)}`;
}
