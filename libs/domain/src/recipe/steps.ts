import {
  heatingLogicOf,
  RECIPE_TYPE_POT_TYPES,
  STEP_SETTINGS,
  stepProblems,
  WORK_MODES,
  workModeDefaults,
  workModeUses,
  type RecipeContent,
  type RecipeContentDraft,
  type RecipeStep,
  type RecipeStepDraft,
  type RecipeType,
  type StepProblem,
  type StepSetting,
  type WorkModeDefinition,
} from '@kb/contracts';
import { DomainError } from '../decider.js';
import type { StepCycleShape } from './refusals.js';

/**
 * A step as the decider stores it: prefilled from the mode's §9 defaults where the author left a setting out, then
 * checked by the shared rule set of @kb/contracts (`stepProblems`, which the editor also shows). A refusal (400)
 * names the serving version, the step, the mode, the field and the allowed range.
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

function isSet(step: RecipeStepDraft, setting: StepSetting): boolean {
  if (setting === 'time') return step.minutes !== null || step.seconds !== null;
  return step[setting] !== null;
}

/** The first broken §9 rule of the shared rule set as the decider's refusal. */
function refusalOf(problem: StepProblem, place: StepPlace, mode: WorkModeDefinition): DomainError {
  switch (problem.code) {
    case 'below_countdown':
      return stepError('recipe_step_below_countdown_temperature', place, {
        mode: mode.code,
        threshold: problem.threshold,
      });
    case 'out_of_range':
      return stepError(`recipe_step_${problem.field}_out_of_range`, place, {
        mode: mode.code,
        field: problem.field,
        min: problem.min,
        max: problem.max,
        value: problem.value,
      });
    case 'whole_cycles': {
      const { forward, pause, reverse } = mode.cycle!;
      const cycle: StepCycleShape = reverse > 0 ? 'forward_reverse' : 'one_way';
      return stepError('recipe_step_time_not_whole_cycles', place, {
        mode: mode.code,
        cycleSeconds: problem.cycleSeconds,
        cycle,
        forward,
        pause,
        reverse,
        value: problem.value,
      });
    }
  }
}

export function prepareStep(step: RecipeStepDraft, recipeType: RecipeType, servings: number): RecipeStep {
  const place = { servings, step: step.number };
  if (step.workMode === null) {
    const setting = STEP_SETTINGS.find((s) => isSet(step, s));
    if (setting) throw stepError('recipe_step_setting_without_mode', place, { field: setting });
    return { ...step, heatingLogic: null };
  }
  const mode = WORK_MODES.find((m) => m.code === step.workMode);
  if (!mode) throw stepError('recipe_step_work_mode_unknown', place, { mode: step.workMode });
  if (!RECIPE_TYPE_POT_TYPES[recipeType].some((pot) => mode.potTypes.includes(pot)))
    throw stepError('recipe_step_work_mode_not_for_type', place, { mode: mode.code, type: recipeType });

  const uses = workModeUses(mode);
  const unused = STEP_SETTINGS.find((s) => !uses[s] && isSet(step, s));
  if (unused) throw stepError('recipe_step_setting_not_used', place, { mode: mode.code, field: unused });

  // Minutes and seconds are one setting: when the author gave either, the other is 0, not the default.
  const defaults = workModeDefaults(mode);
  const timeGiven = isSet(step, 'time');
  const prepared: RecipeStep = {
    ...step,
    temperature: uses.temperature ? (step.temperature ?? defaults.temperature) : null,
    speed: uses.speed ? (step.speed ?? defaults.speed) : null,
    minutes: uses.time ? (timeGiven ? (step.minutes ?? 0) : defaults.minutes) : null,
    seconds: uses.time ? (timeGiven ? (step.seconds ?? 0) : defaults.seconds) : null,
    rotation: uses.rotation ? (step.rotation ?? defaults.rotation) : null,
    heatingMode: uses.heatingMode ? (step.heatingMode ?? defaults.heatingMode) : null,
    heatingLogic: null,
  };
  const [problem] = stepProblems(prepared, mode);
  if (problem) throw refusalOf(problem, place, mode);
  prepared.heatingLogic = heatingLogicOf(mode, prepared.temperature);
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
