import {
  recipeStepSchema,
  stepProblems,
  workModeDefaults,
  type RecipeStepDraft,
  type StepProblem,
  type WorkModeDefinition,
} from '@kb/contracts';

/** A step as the editor holds it: libs/contracts `recipeStepSchema`'s output. */
export type StepDraft = RecipeStepDraft;

/** A new step: every setting the contract's step schema defaults (nothing chosen yet), at `number`. */
export function emptyStep(number: number): StepDraft {
  return { ...recipeStepSchema.parse({ number: 1 }), number };
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
