import {
  stepProblems,
  workModeDefaults,
  type RecipeStepDraft,
  type StepProblem,
  type WorkModeDefinition,
} from '@kb/contracts';

/** A step as the editor holds it: libs/contracts `recipeStepSchema`'s output. */
export type StepDraft = RecipeStepDraft;

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
  return { ...step, workMode: mode.code, ...workModeDefaults(mode) };
}

/** The step's settings checked against its mode by the rule set the API applies (none without a mode). */
export function problemsOfStep(step: StepDraft, mode: WorkModeDefinition | null): StepProblem[] {
  return mode ? stepProblems(step, mode) : [];
}
