import { AppError } from '@parley/contracts';
import { refreshRefusalEndsSession } from './session-reply';

describe('refreshRefusalEndsSession', () => {
  it.each(['TOKEN_REUSED', 'SESSION_EXPIRED', 'SESSION_REVOKED', 'INVALID_REFRESH_TOKEN', undefined])(
    '%s clears the cookies',
    (code) => {
      expect(refreshRefusalEndsSession(new AppError('unauthenticated', 'x', [], code))).toBe(true);
    },
  );

  it('TOKEN_ROTATED keeps them: another tab already got the newer ones', () => {
    expect(refreshRefusalEndsSession(new AppError('unauthenticated', 'x', [], 'TOKEN_ROTATED'))).toBe(false);
  });

  it('an outage or a rate limit says nothing about the token', () => {
    expect(refreshRefusalEndsSession(new AppError('unavailable', 'x'))).toBe(false);
    expect(refreshRefusalEndsSession(new AppError('rate_limited', 'x'))).toBe(false);
    expect(refreshRefusalEndsSession(new Error('boom'))).toBe(false);
  });
});
