import type { HeatingMode, Range, WorkModeDefinition } from './reference.js';

/**
 * The §9 work-mode rules of a recipe step, in one place for the recipe decider (which refuses a step breaking
 * them) and the recipe editor (which shows the same problems while the author types, and blocks the save).
 */

/** The machine settings a step may carry; which ones a work mode uses is `workModeUses`. */
export const STEP_SETTINGS = ['temperature', 'speed', 'time', 'rotation', 'heatingMode'] as const;
export type StepSetting = (typeof STEP_SETTINGS)[number];

/**
 * The settings a work mode uses: those it has a §9 default or a range for. The editor shows only these, and
 * the decider refuses a step that sets any other (boil has no time, knead's direction follows its cycle, a
 * describe step drives nothing). Water gear and auto-start are not mode settings and are always allowed.
 */
export function workModeUses(mode: WorkModeDefinition): Record<StepSetting, boolean> {
  const { defaults, ranges } = mode;
  return {
    temperature: defaults.temperature !== undefined || ranges.temperature !== undefined,
    speed: defaults.speed !== undefined || ranges.speed !== undefined,
    time:
      defaults.minutes !== undefined || defaults.seconds !== undefined || ranges.totalSeconds !== undefined,
    rotation: defaults.rotation !== undefined,
    heatingMode: defaults.heatingMode !== undefined,
  };
}

/** A step's machine settings (the matching fields of `recipeStepSchema`). */
export interface StepSettings {
  temperature: number | null;
  speed: number | null;
  minutes: number | null;
  seconds: number | null;
  rotation: 'forward' | 'reverse' | null;
  heatingMode: HeatingMode | null;
}

/** What a step gets when its work mode is chosen: the mode's §9 defaults, null for the settings it does not use. */
export function workModeDefaults(mode: WorkModeDefinition): StepSettings {
  const uses = workModeUses(mode);
  const d = mode.defaults;
  return {
    temperature: uses.temperature ? (d.temperature ?? null) : null,
    speed: uses.speed ? (d.speed ?? null) : null,
    minutes: uses.time ? (d.minutes ?? 0) : null,
    seconds: uses.time ? (d.seconds ?? 0) : null,
    rotation: uses.rotation ? (d.rotation ?? null) : null,
    heatingMode: uses.heatingMode ? (d.heatingMode ?? null) : null,
  };
}

/** Seconds of one cycle: on (forward), pause, then (if the mode reverses) reverse and another pause. */
export function workModeCycleSeconds(cycle: NonNullable<WorkModeDefinition['cycle']>): number {
  return cycle.forward + cycle.pause + (cycle.reverse > 0 ? cycle.reverse + cycle.pause : 0);
}

/** The step's time in seconds (minutes and seconds are one setting), null when neither is set. */
export function stepTotalSeconds(step: Pick<StepSettings, 'minutes' | 'seconds'>): number | null {
  if (step.minutes === null && step.seconds === null) return null;
  return (step.minutes ?? 0) * 60 + (step.seconds ?? 0);
}

export type StepProblem =
  | { field: 'temperature'; code: 'below_countdown'; threshold: number; value: number }
  | { field: 'temperature' | 'speed' | 'time'; code: 'out_of_range'; min: number; max: number; value: number }
  | { field: 'time'; code: 'whole_cycles'; cycleSeconds: number; value: number };

const outside = (value: number, range: Range) => value < range.min || value > range.max;

/**
 * The step's settings checked against its mode: at most one problem per field, in the order temperature, speed,
 * time (the decider refuses with the first). Steam's countdown floor comes before its range, so the author
 * learns why the floor is where it is; a time outside the range is not also reported as broken cycles.
 */
export function stepProblems(
  step: Pick<StepSettings, 'temperature' | 'speed' | 'minutes' | 'seconds'>,
  mode: WorkModeDefinition,
): StepProblem[] {
  const problems: StepProblem[] = [];
  const { ranges } = mode;
  const threshold = mode.countdownStartsAtTemperature;
  const temperature = step.temperature;
  if (temperature !== null) {
    if (threshold !== undefined && temperature < threshold)
      problems.push({ field: 'temperature', code: 'below_countdown', threshold, value: temperature });
    else if (ranges.temperature && outside(temperature, ranges.temperature))
      problems.push({
        field: 'temperature',
        code: 'out_of_range',
        ...ranges.temperature,
        value: temperature,
      });
  }
  if (step.speed !== null && ranges.speed && outside(step.speed, ranges.speed))
    problems.push({ field: 'speed', code: 'out_of_range', ...ranges.speed, value: step.speed });
  const total = stepTotalSeconds(step);
  if (total !== null) {
    if (ranges.totalSeconds && outside(total, ranges.totalSeconds))
      problems.push({ field: 'time', code: 'out_of_range', ...ranges.totalSeconds, value: total });
    else if (mode.cycle && total % workModeCycleSeconds(mode.cycle) !== 0)
      problems.push({
        field: 'time',
        code: 'whole_cycles',
        cycleSeconds: workModeCycleSeconds(mode.cycle),
        value: total,
      });
  }
  return problems;
}

/** Fast DIY: up to the mode's limit the device heats with boil logic, above it with DIY heating. */
export function heatingLogicOf(mode: WorkModeDefinition, temperature: number | null): 'boil' | 'diy' | null {
  if (mode.boilLogicUpTo === undefined || temperature === null) return null;
  return temperature > mode.boilLogicUpTo ? 'diy' : 'boil';
}
