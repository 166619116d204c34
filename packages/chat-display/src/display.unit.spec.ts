import dayjs from 'dayjs';
import { messageDisplay, formatNoteTime, NOTE_TIME_FORMAT } from './display';
import { parseMessageLink, safeHref } from './links';

/** The spec's NOTE_TIME_FORMAT ('MMM d, h:mm a') in dayjs's tokens, the dashboard's date library. */
const DAYJS_NOTE_TIME = NOTE_TIME_FORMAT.replace('d', 'D').replace(' a', ' A');
const at = '2026-03-05T14:07:00.000Z';
const base = { role: 'assistant' as const, createdAt: at, content: 'Hello' };

describe('messageDisplay', () => {
  it('labels a team member answer Support with a Team badge', () => {
    const d = messageDisplay({ ...base, teamMemberId: 'u1', teamMemberName: 'Ann' });
    expect(d).toMatchObject({
      kind: 'bubble',
      side: 'assistant',
      sender: 'Support',
      badge: 'Team',
      teamMemberName: 'Ann',
    });
  });

  it('shows the bot and the visitor without a badge', () => {
    expect(messageDisplay(base)).toMatchObject({
      kind: 'bubble',
      side: 'assistant',
      sender: null,
      badge: null,
    });
    expect(messageDisplay({ ...base, role: 'user', teamMemberId: 'u1' })).toMatchObject({
      side: 'visitor',
      badge: null,
    });
  });

  it('shows empty content as Empty message', () => {
    expect(messageDisplay({ ...base, content: '  ' })).toMatchObject({ text: 'Empty message', empty: true });
    expect(messageDisplay({ ...base, content: null })).toMatchObject({ text: 'Empty message', empty: true });
  });

  it('labels notes by type with the note time format', () => {
    const t = messageDisplay({ ...base, isNote: true, noteType: 'transfer' });
    expect(t).toMatchObject({ kind: 'note', label: 'Transfer Note', color: 'yellow', text: 'Hello' });
    expect(t.kind === 'note' && t.time).toBe(dayjs(at).format(DAYJS_NOTE_TIME));
    expect(messageDisplay({ ...base, isNote: true, noteType: 'internal' })).toMatchObject({
      label: 'Internal Note',
      color: 'blue',
    });
    expect(messageDisplay({ ...base, isNote: true, noteType: null })).toMatchObject({
      label: 'Internal Note',
    });
  });

  it('treats a bracketed Internal Note marker as an internal note and strips it', () => {
    const d = messageDisplay({ ...base, content: '[Internal Note] call back tomorrow' });
    expect(d).toMatchObject({
      kind: 'note',
      noteType: 'internal',
      label: 'Internal Note',
      text: 'call back tomorrow',
    });
    expect(messageDisplay({ ...base, content: 'An internal note without brackets' }).kind).toBe('bubble');
  });

  it('shows the two system texts as pills', () => {
    expect(
      messageDisplay({ ...base, content: 'Live support mode has been enabled. An agent joins soon.' }),
    ).toEqual({
      kind: 'pill',
      text: 'Live support mode has been enabled. An agent joins soon.',
    });
    expect(messageDisplay({ ...base, role: 'user', content: 'The chat has ended' }).kind).toBe('pill');
  });

  it('parses the message link', () => {
    expect(messageDisplay({ ...base, link: 'https://a.example/x' })).toMatchObject({
      link: { href: 'https://a.example/x', title: 'https://a.example/x', description: null },
    });
  });

  it('formats a bad date as empty', () => {
    expect(formatNoteTime('nope')).toBe('');
  });

  it("writes a note's time as the spec's 'MMM d, h:mm a', exactly as dayjs does", () => {
    for (const at of [
      new Date(2030, 0, 5, 0, 3),
      new Date(2030, 0, 5, 12, 0),
      new Date(2030, 11, 31, 23, 59),
      new Date(2031, 6, 14, 9, 7),
    ]) {
      expect(formatNoteTime(at)).toBe(dayjs(at).format(DAYJS_NOTE_TIME));
    }
    expect(formatNoteTime(new Date(2030, 0, 5, 14, 3))).toBe('Jan 5, 2:03 PM');
  });
});

describe('links', () => {
  it('allows only http and https', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example/');
    expect(safeHref('http://a.example/p')).toBe('http://a.example/p');
    expect(safeHref('javascript:alert(1)')).toBe('#');
    expect(safeHref('ftp://a.example')).toBe('#');
    expect(safeHref('not a url')).toBe('#');
    expect(safeHref(null)).toBe('#');
  });

  it('reads a JSON link and falls back to the href as title', () => {
    expect(parseMessageLink('{"href":"https://a.example/d","title":"Docs","description":"Read"}')).toEqual({
      href: 'https://a.example/d',
      title: 'Docs',
      description: 'Read',
      action: null,
    });
    expect(parseMessageLink('{"href":"javascript:alert(1)","title":"x"}')).toEqual({
      href: '#',
      title: 'x',
      description: null,
      action: null,
    });
    expect(parseMessageLink('{"title":"no href"}')).toBeNull();
    expect(parseMessageLink('{broken')).toBeNull();
    expect(parseMessageLink('')).toBeNull();
    expect(parseMessageLink('javascript:alert(1)')).toEqual({
      href: '#',
      title: 'javascript:alert(1)',
      description: null,
      action: null,
    });
  });

  it('reads the widget actions: a help article and the booking flow', () => {
    expect(
      parseMessageLink('{"href":"#article:a-1","title":"Shipping","description":"How we ship"}'),
    ).toEqual({
      href: '#',
      title: 'Shipping',
      description: 'How we ship',
      action: { kind: 'article', articleId: 'a-1' },
    });
    expect(parseMessageLink('{"action":"booking"}')).toEqual({
      href: '#',
      title: 'Book a meeting',
      description: null,
      action: { kind: 'booking', appointmentTypeId: null },
    });
    expect(
      parseMessageLink('{"action":"booking","title":"Book: Fitting","appointmentTypeId":"t-1"}')?.action,
    ).toEqual({ kind: 'booking', appointmentTypeId: 't-1' });
    expect(parseMessageLink('{"action":"offline-form"}')).toEqual({
      href: '#',
      title: 'Leave a message',
      description: null,
      action: { kind: 'offline-form' },
    });
    expect(parseMessageLink('{"action":"booking","appointmentTypeId":"<x>"}')?.action).toEqual({
      kind: 'booking',
      appointmentTypeId: null,
    });
    // An article id that is not one (markup, another scheme) is no link at all.
    expect(parseMessageLink('{"href":"#article:<img src=x>","title":"x"}')).toBeNull();
    expect(parseMessageLink('{"href":"#article:","title":"x"}')).toBeNull();
    // Only the exact action names act; anything else falls back to the href rules.
    expect(parseMessageLink('{"action":"delete-everything","href":"https://a.example"}')).toMatchObject({
      href: 'https://a.example/',
      action: null,
    });
  });
});
