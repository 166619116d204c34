import { TurnInterrupted, TurnInterrupts } from './turn-interrupts';

describe('turn interrupts', () => {
  it('aborts the room’s running turns when it goes live, and no other room’s', () => {
    const interrupts = new TurnInterrupts();
    const a = interrupts.begin('room-a');
    const b = interrupts.begin('room-b');
    expect(interrupts.liveChanged('room-a', true)).toBe(1);
    expect(a.signal.aborted).toBe(true);
    expect(a.signal.reason).toBeInstanceOf(TurnInterrupted);
    expect(b.signal.aborted).toBe(false);
  });

  it('does nothing when a room goes back to the bot', () => {
    const interrupts = new TurnInterrupts();
    const a = interrupts.begin('room-a');
    expect(interrupts.liveChanged('room-a', false)).toBe(0);
    expect(a.signal.aborted).toBe(false);
  });

  it('starts a turn aborted when its room went live just before it began, not after live went off again', () => {
    let now = 1_000;
    const interrupts = new TurnInterrupts(() => now);
    interrupts.liveChanged('room-a', true);
    expect(interrupts.begin('room-a').signal.aborted).toBe(true);
    interrupts.liveChanged('room-a', false);
    expect(interrupts.begin('room-a').signal.aborted).toBe(false);
    interrupts.liveChanged('room-a', true);
    now += 11 * 60_000; // long past: the lane has applied the switch by then
    expect(interrupts.begin('room-a').signal.aborted).toBe(false);
  });

  it('forgets a turn once it ended', () => {
    const interrupts = new TurnInterrupts();
    const a = interrupts.begin('room-a');
    a.end();
    expect(interrupts.liveChanged('room-a', true)).toBe(0);
    expect(a.signal.aborted).toBe(false);
  });
});
