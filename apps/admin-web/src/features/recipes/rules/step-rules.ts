import { workModeUses, type WorkModeDefinition } from '@kb/contracts';

/** A step as the editor holds it (the fields of libs/contracts `recipeStepSchema`). */
export interface StepDraft {
  number: number;
  workMode: string | null;
  descriptions: Record<string, string>;
  mediaFileCode: string | null;
  audioFileCode: string | null;
  autoStart: boolean;
  temperature: number | null;
  rotation: 'forward' | 'reverse' | null;
  speed: number | null;
  minutes: number | null;
  seconds: number | null;
  waterGear: number | null;
  heatingMode: string | null;
}

export function emptyStep(number: number): StepDraft {
  return {
    number,
    workMode: null,
    descriptions: {},
    mediaFileCode: null,
    audioFileCode: null,
    autoStart: false,
    temperature: null,
    rotation: null,
    speed: null,
    minutes: null,
    seconds: null,
    waterGear: null,
    heatingMode: null,
  };
}

/**
 * §9: choosing a work mode prefills the step's machine settings from the mode's defaults and clears the ones the
 * mode does not use (the API refuses those). Texts, water gear and auto-start stay as they were.
 */
export function withWorkMode(step: StepDraft, mode: WorkModeDefinition | null): StepDraft {
  if (!mode)
    return {
      ...step,
      workMode: null,
      temperature: null,
      rotation: null,
      speed: null,
      minutes: null,
      seconds: null,
      heatingMode: null,
    };
  const uses = workModeUses(mode);
  const d = mode.defaults;
  return {
    ...step,
    workMode: mode.code,
    temperature: uses.temperature ? (d.temperature ?? null) : null,
    speed: uses.speed ? (d.speed ?? null) : null,
    minutes: uses.time ? (d.minutes ?? 0) : null,
    seconds: uses.time ? (d.seconds ?? 0) : null,
    rotation: uses.rotation ? (d.rotation ?? null) : null,
    heatingMode: uses.heatingMode ? (d.heatingMode ?? null) : null,
  };
}

export type StepProblem =
  | { field: 'temperature'; code: 'below_countdown'; threshold: number }
  | { field: 'temperature' | 'speed' | 'time'; code: 'out_of_range'; min: number; max: number }
  | { field: 'time'; code: 'whole_cycles'; cycleSeconds: number };

/** The step's settings checked against its mode's ranges (the same checks the API makes, shown while typing). */
export function stepProblems(step: StepDraft, mode: WorkModeDefinition | null): StepProblem[] {
  if (!mode) return [];
  const problems: StepProblem[] = [];
  const { ranges } = mode;
  const threshold = mode.countdownStartsAtTemperature;
  if (threshold !== undefined && step.temperature !== null && step.temperature < threshold)
    problems.push({ field: 'temperature', code: 'below_countdown', threshold });
  else if (
    ranges.temperature &&
    step.temperature !== null &&
    (step.temperature < ranges.temperature.min || step.temperature > ranges.temperature.max)
  )
    problems.push({ field: 'temperature', code: 'out_of_range', ...ranges.temperature });
  if (ranges.speed && step.speed !== null && (step.speed < ranges.speed.min || step.speed > ranges.speed.max))
    problems.push({ field: 'speed', code: 'out_of_range', ...ranges.speed });
  if (step.minutes !== null || step.seconds !== null) {
    const total = (step.minutes ?? 0) * 60 + (step.seconds ?? 0);
    if (ranges.totalSeconds && (total < ranges.totalSeconds.min || total > ranges.totalSeconds.max))
      problems.push({ field: 'time', code: 'out_of_range', ...ranges.totalSeconds });
    else if (mode.cycle) {
      const cycleSeconds = mode.cycle.forward + mode.cycle.reverse + 2 * mode.cycle.pause;
      if (total % cycleSeconds !== 0) problems.push({ field: 'time', code: 'whole_cycles', cycleSeconds });
    }
  }
  return problems;
}
