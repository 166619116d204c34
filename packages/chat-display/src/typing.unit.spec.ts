import { createTypingSignal, nextTypingIndicator } from './typing';

describe('createTypingSignal', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends typing after 500 ms of quiet and not-typing 3 s after the last keystroke', () => {
    const sent: boolean[] = [];
    const signal = createTypingSignal((v) => sent.push(v));
    signal.input();
    jest.advanceTimersByTime(300);
    signal.input();
    jest.advanceTimersByTime(499);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([true]);
    signal.input();
    jest.advanceTimersByTime(600);
    expect(sent).toEqual([true]);
    jest.advanceTimersByTime(2399);
    expect(sent).toEqual([true]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([true, false]);
  });

  it('stops at once when the message is sent and sends nothing when it never started', () => {
    const sent: boolean[] = [];
    const signal = createTypingSignal((v) => sent.push(v));
    signal.input();
    signal.stop();
    jest.advanceTimersByTime(5000);
    expect(sent).toEqual([]);
    signal.input();
    jest.advanceTimersByTime(500);
    signal.stop();
    expect(sent).toEqual([true, false]);
    signal.dispose();
  });

  it('tries again on the next keystroke when the transport could not send', () => {
    const sent: boolean[] = [];
    let up = false;
    const signal = createTypingSignal((v) => {
      if (!up) return false;
      sent.push(v);
      return true;
    });
    signal.input();
    jest.advanceTimersByTime(500);
    expect(sent).toEqual([]);
    up = true;
    signal.input();
    jest.advanceTimersByTime(500);
    expect(sent).toEqual([true]);
    signal.dispose();
  });
});

describe('nextTypingIndicator', () => {
  it('follows the status and clears on a message or expiry', () => {
    expect(nextTypingIndicator({ type: 'status', isTyping: true })).toBe(true);
    expect(nextTypingIndicator({ type: 'message' })).toBe(false);
    expect(nextTypingIndicator({ type: 'expired' })).toBe(false);
    expect(nextTypingIndicator({ type: 'status', isTyping: false })).toBe(false);
  });
});
