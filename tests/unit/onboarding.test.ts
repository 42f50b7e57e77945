// The reading order of an onboarding (HR document, sections 4 and 9): next content by priority, then
// the first content of the next trail, then the end; who may open what; completion and its colour.
import { describe, expect, it } from 'vitest';
import {
  completion,
  completionColor,
  currentTrail,
  frontier,
  mayOpen,
  nextContentInTrail,
  nextStep,
  nextTrail,
  percentOf,
  readingSequence,
  type PlanTrail,
  type ProgressMark,
} from '../../src/domain/onboarding.js';

// Trails given out of order on purpose: 20 (priority 2), 10 (priority 1), 30 (priority 3, empty), 40 (priority 4).
const plan: PlanTrail[] = [
  { id_trilha: 20, prioridade: 2, conteudos: [{ id_conteudo: 203, prioridade: 2 }, { id_conteudo: 201, prioridade: 1 }] },
  { id_trilha: 10, prioridade: 1, conteudos: [{ id_conteudo: 102, prioridade: 2 }, { id_conteudo: 101, prioridade: 1 }, { id_conteudo: 103, prioridade: 3 }] },
  { id_trilha: 30, prioridade: 3, conteudos: [] },
  { id_trilha: 40, prioridade: 4, conteudos: [{ id_conteudo: 401, prioridade: 1 }] },
];

const done = (...pairs: [number, number][]): ProgressMark[] => pairs.map(([id_trilha, id_conteudo]) => ({ id_trilha, id_conteudo, finalizado: true }));
const started = (id_trilha: number, id_conteudo: number): ProgressMark => ({ id_trilha, id_conteudo, finalizado: false });

describe('reading sequence', () => {
  it('orders trails by priority and contents by priority within each trail', () => {
    expect(readingSequence(plan).map((s) => s.id_conteudo)).toEqual([101, 102, 103, 201, 203, 401]);
  });

  it('breaks equal priorities by id, as the database does', () => {
    const tied: PlanTrail[] = [{ id_trilha: 1, prioridade: 1, conteudos: [{ id_conteudo: 9, prioridade: 1 }, { id_conteudo: 5, prioridade: 1 }] }];
    expect(readingSequence(tied).map((s) => s.id_conteudo)).toEqual([5, 9]);
  });
});

describe('next content and next trail', () => {
  it('the next content of a trail is the one with the next higher priority', () => {
    expect(nextContentInTrail(plan, 10, 1)?.id_conteudo).toBe(102);
    expect(nextContentInTrail(plan, 10, 2)?.id_conteudo).toBe(103);
    // Gaps in the priorities do not stop the reading.
    expect(nextContentInTrail(plan, 20, 1)?.id_conteudo).toBe(203);
    expect(nextContentInTrail(plan, 10, 3)).toBeNull();
    expect(nextContentInTrail(plan, 99, 0)).toBeNull();
  });

  it('the next trail is the following priority with contents, starting at its first content', () => {
    expect(nextTrail(plan, 1)).toEqual({ id_trilha: 20, prioridade_trilha: 2, id_conteudo: 201, prioridade: 1 });
    // Trail 30 has no content: skipped.
    expect(nextTrail(plan, 2)).toEqual({ id_trilha: 40, prioridade_trilha: 4, id_conteudo: 401, prioridade: 1 });
    expect(nextTrail(plan, 4)).toBeNull();
    expect(nextTrail(plan, 0)?.id_trilha).toBe(10);
  });

  it('after a content: the next of its trail, else the first of the next trail, else done', () => {
    expect(nextStep(plan, 10, 101)).toEqual({ kind: 'content', step: { id_trilha: 10, prioridade_trilha: 1, id_conteudo: 102, prioridade: 2 } });
    expect(nextStep(plan, 10, 103)).toEqual({ kind: 'trail', step: { id_trilha: 20, prioridade_trilha: 2, id_conteudo: 201, prioridade: 1 } });
    expect(nextStep(plan, 20, 203)).toEqual({ kind: 'trail', step: { id_trilha: 40, prioridade_trilha: 4, id_conteudo: 401, prioridade: 1 } });
    expect(nextStep(plan, 40, 401)).toEqual({ kind: 'done' });
  });

  it('a content no longer in its trail continues with the next trail', () => {
    expect(nextStep(plan, 10, 999)).toEqual({ kind: 'trail', step: { id_trilha: 20, prioridade_trilha: 2, id_conteudo: 201, prioridade: 1 } });
    expect(nextStep(plan, 77, 999)).toEqual({ kind: 'done' });
  });
});

describe('who may open what', () => {
  it('a new employee may open only the first content', () => {
    expect(mayOpen(plan, [], 10, 101)).toBe('ok');
    expect(mayOpen(plan, [], 10, 102)).toBe('ahead');
    expect(mayOpen(plan, [], 20, 201)).toBe('ahead');
    expect(frontier(plan, [])?.id_conteudo).toBe(101);
    expect(currentTrail(plan, [])).toBe(10);
  });

  it('finishing a content opens the next one; a content of a trail ahead stays closed', () => {
    const progress = done([10, 101]);
    expect(mayOpen(plan, progress, 10, 102)).toBe('ok');
    expect(mayOpen(plan, progress, 10, 103)).toBe('ahead');
    expect(mayOpen(plan, progress, 40, 401)).toBe('ahead');
    const trailDone = done([10, 101], [10, 102], [10, 103]);
    expect(currentTrail(plan, trailDone)).toBe(20);
    expect(mayOpen(plan, trailDone, 20, 201)).toBe('ok');
    expect(mayOpen(plan, trailDone, 20, 203)).toBe('ahead');
  });

  it('a started but unfinished content keeps the employee there, and what was read stays open', () => {
    const progress = [...done([10, 101]), started(10, 102)];
    expect(mayOpen(plan, progress, 10, 102)).toBe('ok');
    expect(mayOpen(plan, progress, 10, 103)).toBe('ahead');
    expect(mayOpen(plan, progress, 10, 101)).toBe('ok');
  });

  it('a content already opened stays open even if the order changed later', () => {
    expect(mayOpen(plan, [started(40, 401)], 40, 401)).toBe('ok');
  });

  it('a content outside the plan is refused as such', () => {
    expect(mayOpen(plan, [], 10, 201)).toBe('not-in-plan');
    expect(mayOpen(plan, [], 99, 101)).toBe('not-in-plan');
  });

  it('everything finished: every content may be opened again, and there is no frontier', () => {
    const all = done([10, 101], [10, 102], [10, 103], [20, 201], [20, 203], [40, 401]);
    expect(frontier(plan, all)).toBeNull();
    expect(currentTrail(plan, all)).toBeNull();
    expect(readingSequence(plan).every((s) => mayOpen(plan, all, s.id_trilha, s.id_conteudo) === 'ok')).toBe(true);
  });
});

describe('completion', () => {
  it('counts finished contents of the plan only, as a rounded percent', () => {
    expect(completion(plan, [])).toEqual({ total: 6, finished: 0, percent: 0, done: false });
    expect(completion(plan, [...done([10, 101]), started(10, 102), ...done([77, 1])])).toEqual({ total: 6, finished: 1, percent: 17, done: false });
    expect(completion(plan, done([10, 101], [10, 102], [10, 103], [20, 201]))).toEqual({ total: 6, finished: 4, percent: 67, done: false });
    expect(completion(plan, done([10, 101], [10, 102], [10, 103], [20, 201], [20, 203], [40, 401])).done).toBe(true);
  });

  it('an onboarding with no content is 0 % and never done', () => {
    expect(completion([], [])).toEqual({ total: 0, finished: 0, percent: 0, done: false });
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13);
  });

  it('colours: 80 to 100 positive, 60 up to 80 warning, below 60 negative', () => {
    expect(completionColor(100)).toBe('positive');
    expect(completionColor(80)).toBe('positive');
    expect(completionColor(79)).toBe('warning');
    expect(completionColor(60)).toBe('warning');
    expect(completionColor(59)).toBe('negative');
    expect(completionColor(0)).toBe('negative');
  });
});
