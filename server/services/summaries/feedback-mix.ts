import type { FeedbackTotal } from '../../../shared/schemas/summaries.js';
import type { callTotalsByCategory } from './summaries.repository.js';

type Feedback = Awaited<ReturnType<typeof callTotalsByCategory>>[number]['feedback'];

/** Calls added up by feedback: one total a company choice (whatever label its calls were given then), one a text. */
export class FeedbackTally {
  private readonly totals = new Map<string, FeedbackTotal & { position: number | null }>();

  add(f: Feedback, count: number, duration: number): void {
    const key = f.choiceId === null ? `text:${f.label}` : `choice:${f.choiceId}`;
    const t = this.totals.get(key) ?? { choiceId: f.choiceId, label: f.label, retired: f.retired, position: f.position, count: 0, duration: 0 };
    t.count += count;
    t.duration += duration;
    this.totals.set(key, t);
  }

  /** The company's choices in its order, then older feedback texts, the most used first. */
  list(): FeedbackTotal[] {
    return [...this.totals.values()]
      .sort((a, b) => {
        if (a.position !== null || b.position !== null)
          return (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || (a.choiceId ?? 0) - (b.choiceId ?? 0);
        return b.count - a.count || a.label.localeCompare(b.label);
      })
      .map(({ position: _, ...t }) => t);
  }
}
