import { requestLogLevel } from './request-log-level';

const widgetMessage = { method: 'POST', path: '/api/widget/messages' };

describe('requestLogLevel', () => {
  it('logs a successful visitor message at debug, and not at all when debug is off', () => {
    expect(requestLogLevel(widgetMessage, 201, undefined, true)).toBe('debug');
    expect(requestLogLevel(widgetMessage, 201, undefined, false)).toBe('silent');
  });

  it("keeps a visitor message's refusals and failures at their level", () => {
    expect(requestLogLevel(widgetMessage, 400, undefined, false)).toBe('info');
    expect(requestLogLevel(widgetMessage, 429, undefined, false)).toBe('info');
    expect(requestLogLevel(widgetMessage, 503, undefined, false)).toBe('warn');
    expect(requestLogLevel(widgetMessage, 500, undefined, false)).toBe('error');
    expect(requestLogLevel(widgetMessage, 201, new Error('aborted'), false)).toBe('error');
  });

  it('logs every other successful request at info', () => {
    expect(requestLogLevel({ method: 'GET', path: '/api/widget/messages' }, 200, undefined, false)).toBe(
      'info',
    );
    expect(requestLogLevel({ method: 'POST', path: '/api/widget/session' }, 200, undefined, false)).toBe(
      'info',
    );
    expect(requestLogLevel({ method: 'POST', path: '/api/conversations' }, 201, undefined, false)).toBe(
      'info',
    );
  });
});
