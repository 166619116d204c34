import { messageDisplay } from '@parley/chat-display';
import { decisionLines, titlesFromLink } from './decision';

describe('the assistant decision shown to the team', () => {
  it('says what the bot did, how sure it was and where the answer came from', () => {
    const lines = decisionLines(
      {
        v: 1,
        outcome: 'answer',
        engine: 'retrieval',
        intent: 'question',
        confidence: 0.834,
        source: { kind: 'article', id: 'a1' },
        why: ['matched an article', 'asked the next filter question'],
      },
      new Map([['article:a1', 'Shipping to Canada']]),
    );
    expect(lines).toEqual([
      { label: 'What it did', value: 'Answered from the knowledge base' },
      { label: 'Understood as', value: 'question (83% sure)' },
      { label: 'Source', value: 'Help article: Shipping to Canada' },
      { label: 'Engine', value: 'Retrieval' },
      { label: 'Steps', value: 'matched an article · asked the next filter question' },
    ]);
  });

  it('names the help article an answer links to by its title', () => {
    const display = messageDisplay({
      role: 'assistant',
      content: 'Yes, we ship to Canada.',
      link: JSON.stringify({ href: '#article:a1', title: 'Shipping to Canada' }),
      createdAt: '2026-01-01T10:00:00Z',
    });
    if (display.kind !== 'bubble') throw new Error('an assistant message is a bubble');
    const titles = titlesFromLink(display.link);
    expect(decisionLines({ source: { kind: 'article', id: 'a1' } }, titles)).toEqual([
      { label: 'Source', value: 'Help article: Shipping to Canada' },
    ]);
    // Another article, or a link that is no article, names nothing.
    expect(decisionLines({ source: { kind: 'article', id: 'a2' } }, titles)).toEqual([
      { label: 'Source', value: 'Help article' },
    ]);
    expect(titlesFromLink(null).size).toBe(0);
  });

  it('explains a handoff by the setting', () => {
    const lines = decisionLines({
      outcome: 'handoff',
      handoff: { reason: 'setting', setting: 'quick', threshold: 2 },
    });
    expect(lines).toContainEqual({ label: 'Handoff', value: 'the domain’s handoff setting (quick)' });
    expect(lines[0]).toEqual({ label: 'What it did', value: 'Handed over to live support' });
  });

  it('says when the language model failed and the retrieval answer went out instead', () => {
    expect(decisionLines({ engine: 'language-model', fallback: 'timeout' })).toEqual([
      { label: 'Engine', value: 'Language model failed (timeout): the retrieval answer was sent' },
    ]);
    expect(decisionLines({ engine: 'language-model', fallback: null })).toEqual([
      { label: 'Engine', value: 'Language model' },
    ]);
  });

  it('skips what is missing or malformed instead of showing it broken', () => {
    expect(
      decisionLines({ outcome: 42, confidence: 'high', source: { kind: 'article' }, why: [1, ''] }),
    ).toEqual([]);
    expect(decisionLines({ intent: 'booking', confidence: 7 })).toEqual([
      { label: 'Understood as', value: 'booking (100% sure)' },
    ]);
  });
});
