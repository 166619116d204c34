// Visitors and the team writing while the faults happen: each message has a client id of its own
// and, like the widget, is sent again with the same id until an answer comes (the service posts a
// client id at most once). Every message is kept in a ledger: when it was sent, in which phase,
// and whether it was accepted (a 2xx).
import { randomUUID } from 'node:crypto';
import { call, retriable } from './http';

export interface SentMessage {
  clientId: string;
  author: 'visitor' | 'team';
  roomId: string;
  content: string;
  phase: string;
  attempts: number;
  state: 'sending' | 'accepted' | 'refused' | 'failed';
  /** The last status seen (0: no answer). */
  status: number;
}

interface Visitor {
  token: string;
  roomId: string;
}

export interface TrafficOptions {
  gatewayUrl: string;
  /** The team member's access token (Bearer). */
  teamToken: string;
  domainId: string;
  visitors: number;
  /** Pause between one visitor's messages. */
  visitorPauseMs: number;
  /** Pause between the team's replies. */
  teamPauseMs: number;
  /** How long one message is sent again before it counts as failed. */
  giveUpAfterMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Traffic {
  readonly ledger: SentMessage[] = [];
  /** Every answer of every attempt, by phase and status (0: no answer). */
  readonly answers = new Map<string, Map<number, number>>();
  private readonly visitors: Visitor[] = [];
  private phase = 'setup';
  private running = false;
  private loops: Promise<void>[] = [];
  private counter = 0;
  private abandoned = false;

  constructor(private readonly o: TrafficOptions) {}

  /** Opens the visitors' sessions and rooms (each room opens with its visitor's first message). */
  async setUp(): Promise<void> {
    for (let i = 0; i < this.o.visitors; i++) {
      const session = await call<{ data: { token: string } }>(
        'POST',
        `${this.o.gatewayUrl}/api/widget/session`,
        {
          body: { domainId: this.o.domainId },
        },
      );
      if (session.status !== 200 || !session.body) throw new Error(`widget session: ${session.status}`);
      const visitor: Visitor = { token: session.body.data.token, roomId: '' };
      const first = await this.send(visitor, 'visitor');
      if (first.state !== 'accepted')
        throw new Error(`a visitor's first message was not accepted (${first.status})`);
      this.visitors.push(visitor);
    }
  }

  /** The phase new messages are counted in. */
  enter(phase: string): void {
    this.phase = phase;
  }

  start(): void {
    this.running = true;
    this.loops = [
      ...this.visitors.map((v, i) => this.loop(() => this.send(v, 'visitor'), this.o.visitorPauseMs, i * 97)),
      this.loop(
        () => this.send(this.visitors[this.counter % this.visitors.length]!, 'team'),
        this.o.teamPauseMs,
        50,
      ),
    ];
  }

  /** Stops sending; resolves once every message in flight is accepted or given up. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Stops at once, messages in flight given up (a run that failed: nothing may keep going). */
  async abandon(): Promise<void> {
    this.abandoned = true;
    await this.stop();
  }

  /** Statuses other than 2xx answered in any phase: { phase: { status: count } }. */
  failuresByPhase(): Record<string, Record<number, number>> {
    const out: Record<string, Record<number, number>> = {};
    for (const [phase, byStatus] of this.answers) {
      for (const [status, n] of byStatus) {
        if (status >= 200 && status < 300) continue;
        (out[phase] ??= {})[status] = n;
      }
    }
    return out;
  }

  private tally(phase: string, status: number): void {
    const byStatus = this.answers.get(phase) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.answers.set(phase, byStatus);
  }

  get rooms(): string[] {
    return this.visitors.map((v) => v.roomId);
  }

  private async loop(send: () => Promise<unknown>, pauseMs: number, offsetMs: number): Promise<void> {
    await sleep(offsetMs);
    while (this.running) {
      await send();
      await sleep(pauseMs);
    }
  }

  private async send(visitor: Visitor, author: 'visitor' | 'team'): Promise<SentMessage> {
    if (author === 'visitor') this.counter++;
    const clientId = `f${randomUUID().replace(/-/g, '')}`;
    const message: SentMessage = {
      clientId,
      author,
      roomId: visitor.roomId,
      // A visitor asks what the domain's article answers, so the assistant replies each time.
      // Messages are found on the dashboard by their client id, which the service keeps.
      content:
        author === 'visitor' ? 'How can I return my mug and get a refund?' : `team message ${++this.counter}`,
      phase: this.phase,
      attempts: 0,
      state: 'sending',
      status: 0,
    };
    this.ledger.push(message);
    const deadline = Date.now() + this.o.giveUpAfterMs;
    for (let pause = 250; ; pause = Math.min(2000, pause * 2)) {
      message.attempts++;
      const answer =
        author === 'visitor'
          ? await call<{ data: { roomId: string } }>('POST', `${this.o.gatewayUrl}/api/widget/messages`, {
              token: visitor.token,
              body: { content: message.content, clientId },
            })
          : await call('POST', `${this.o.gatewayUrl}/api/conversations/${visitor.roomId}/messages`, {
              token: this.o.teamToken,
              body: { content: message.content, clientId },
            });
      message.status = answer.status;
      this.tally(message.phase, answer.status);
      if (answer.status >= 200 && answer.status < 300) {
        message.state = 'accepted';
        if (author === 'visitor' && answer.body) {
          visitor.roomId = (answer.body as { data: { roomId: string } }).data.roomId;
          message.roomId = visitor.roomId;
        }
        return message;
      }
      if (!retriable(answer.status)) {
        message.state = 'refused';
        return message;
      }
      if (this.abandoned || Date.now() + pause > deadline) {
        message.state = 'failed';
        return message;
      }
      await sleep(pause);
    }
  }
}
