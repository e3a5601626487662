import {
  RECIPE_TYPE_POT_TYPES,
  STEP_SETTINGS,
  WORK_MODES,
  workModeUses,
  type Range,
  type RecipeContent,
  type RecipeContentDraft,
  type RecipeStep,
  type RecipeStepDraft,
  type RecipeType,
  type StepSetting,
  type WorkModeDefinition,
} from '@kb/contracts';
import { DomainError } from '../decider.js';
import { STEP_SETTING_NAMES } from './messages.js';

/**
 * The §9 work-mode rules for steps: prefill what the author left out from the mode's defaults, then check the
 * values against the mode's ranges and special rules. A refusal (400) names the serving version, the step,
 * the mode, the field and the allowed range.
 */

interface StepPlace {
  servings: number;
  step: number;
}

function stepError(
  code: string,
  place: StepPlace,
  params: Record<string, string | number> = {},
): DomainError {
  return new DomainError(400, code, { servings: place.servings, step: place.step, ...params });
}

function modeParams(mode: WorkModeDefinition): Record<string, string> {
  return { mode: mode.code, modeZh: mode.nameZh, modeEn: mode.nameEn };
}

function fieldParams(field: StepSetting): Record<string, string> {
  return { field, fieldZh: STEP_SETTING_NAMES[field].zh, fieldEn: STEP_SETTING_NAMES[field].en };
}

function isSet(step: RecipeStepDraft, setting: StepSetting): boolean {
  if (setting === 'time') return step.minutes !== null || step.seconds !== null;
  return step[setting] !== null;
}

function checkRange(
  value: number | null,
  range: Range | undefined,
  code: string,
  field: StepSetting,
  place: StepPlace,
  mode: WorkModeDefinition,
): void {
  if (value === null || range === undefined) return;
  if (value < range.min || value > range.max)
    throw stepError(code, place, {
      ...modeParams(mode),
      ...fieldParams(field),
      min: range.min,
      max: range.max,
      value,
    });
}

/** Seconds of one cycle: forward, pause, then (if the mode reverses) reverse and another pause. */
function cycleSeconds(cycle: NonNullable<WorkModeDefinition['cycle']>): number {
  return cycle.forward + cycle.pause + (cycle.reverse > 0 ? cycle.reverse + cycle.pause : 0);
}

export function prepareStep(step: RecipeStepDraft, recipeType: RecipeType, servings: number): RecipeStep {
  const place = { servings, step: step.number };
  if (step.workMode === null) {
    const setting = STEP_SETTINGS.find((s) => isSet(step, s));
    if (setting) throw stepError('recipe_step_setting_without_mode', place, fieldParams(setting));
    return { ...step, heatingLogic: null };
  }
  const mode = WORK_MODES.find((m) => m.code === step.workMode);
  if (!mode) throw stepError('recipe_step_work_mode_unknown', place, { mode: step.workMode });
  if (!RECIPE_TYPE_POT_TYPES[recipeType].some((pot) => mode.potTypes.includes(pot)))
    throw stepError('recipe_step_work_mode_not_for_type', place, { ...modeParams(mode), type: recipeType });

  const uses = workModeUses(mode);
  const unused = STEP_SETTINGS.find((s) => !uses[s] && isSet(step, s));
  if (unused)
    throw stepError('recipe_step_setting_not_used', place, { ...modeParams(mode), ...fieldParams(unused) });

  const { defaults, ranges } = mode;
  // Minutes and seconds are one setting: when the author gave either, the other is 0, not the default.
  const timeGiven = isSet(step, 'time');
  const prepared: RecipeStep = {
    ...step,
    temperature: uses.temperature ? (step.temperature ?? defaults.temperature ?? null) : null,
    speed: uses.speed ? (step.speed ?? defaults.speed ?? null) : null,
    minutes: uses.time ? (timeGiven ? (step.minutes ?? 0) : (defaults.minutes ?? 0)) : null,
    seconds: uses.time ? (timeGiven ? (step.seconds ?? 0) : (defaults.seconds ?? 0)) : null,
    rotation: uses.rotation ? (step.rotation ?? defaults.rotation ?? null) : null,
    heatingMode: uses.heatingMode ? (step.heatingMode ?? defaults.heatingMode ?? null) : null,
    heatingLogic: null,
  };

  // Steam: checked before the range so the author learns why the floor is where it is.
  const threshold = mode.countdownStartsAtTemperature;
  if (threshold !== undefined && prepared.temperature !== null && prepared.temperature < threshold)
    throw stepError('recipe_step_below_countdown_temperature', place, { ...modeParams(mode), threshold });

  checkRange(
    prepared.temperature,
    ranges.temperature,
    'recipe_step_temperature_out_of_range',
    'temperature',
    place,
    mode,
  );
  checkRange(prepared.speed, ranges.speed, 'recipe_step_speed_out_of_range', 'speed', place, mode);
  const totalSeconds =
    prepared.minutes === null || prepared.seconds === null ? null : prepared.minutes * 60 + prepared.seconds;
  checkRange(totalSeconds, ranges.totalSeconds, 'recipe_step_time_out_of_range', 'time', place, mode);

  // Knead (and stir) run in fixed cycles; the device stops only at the end of one.
  if (mode.cycle && totalSeconds !== null) {
    const length = cycleSeconds(mode.cycle);
    if (totalSeconds % length !== 0) {
      const { forward, pause, reverse } = mode.cycle;
      throw stepError('recipe_step_time_not_whole_cycles', place, {
        ...modeParams(mode),
        cycleSeconds: length,
        cycleZh:
          reverse > 0
            ? `正转${forward}秒，停${pause}秒，反转${reverse}秒，停${pause}秒`
            : `转${forward}秒，停${pause}秒`,
        cycleEn:
          reverse > 0
            ? `${forward} s forward, ${pause} s pause, ${reverse} s reverse, ${pause} s pause`
            : `${forward} s on, ${pause} s off`,
        value: totalSeconds,
      });
    }
  }

  // Fast DIY: up to the limit the device heats with boil logic, above it with DIY heating.
  if (mode.boilLogicUpTo !== undefined && prepared.temperature !== null)
    prepared.heatingLogic = prepared.temperature > mode.boilLogicUpTo ? 'diy' : 'boil';

  return prepared;
}

/** The draft's steps prefilled and checked, each serving version's steps in step-number order. */
export function prepareContent(draft: RecipeContentDraft): RecipeContent {
  return {
    ...draft,
    servingVersions: draft.servingVersions.map((version) => ({
      ...version,
      steps: [...version.steps]
        .sort((a, b) => a.number - b.number)
        .map((step) => prepareStep(step, draft.type, version.servings)),
    })),
  };
}
