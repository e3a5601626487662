import { recipeContentSchema, type RecipeContentInput, type RecipeStatus } from '@kb/contracts';
import { replay, statesAfterEachEvent } from '../decider.js';
import {
  deciderTable,
  describeTransitionTable,
  expectCell,
  expectation,
  readmeTable,
  stateColumn,
} from '../testing/decider-table.js';
import { RECIPE_COMMAND_ACTIONS, recipeDecider, type RecipeCommand } from './decide.js';
import type { RecipeEvent } from './events.js';
import { RECIPE_ACTIONS, type RecipeAction } from './refusals.js';
import type { ExistingRecipe, RecipeState } from './state.js';

const RECIPE_ID = '0b6f3c1e-5d1a-4c3e-9a8b-2f1e0d9c8b7a';
const SOURCE_ID = '7c2d9e4f-1a3b-4c5d-8e6f-9a0b1c2d3e4f';
const PICTURE = '3e1f8a2b-4c5d-4e6f-9a7b-8c9d0e1f2a3b';
const UNIT = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const CATEGORY_A = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const CATEGORY_B = '1a2b3c4d-5e6f-4071-8293-a4b5c6d7e8f9';
const DELETED_AT = '2026-03-01T08:30:00.000Z';

/** A recipe the completeness rule accepts: two languages, one serving version, one manual-cooking step. */
const completeInput: RecipeContentInput = {
  type: 'SOUP',
  number: 'R-001',
  mainLang: 'zh',
  langs: ['zh', 'en'],
  texts: { zh: { name: '番茄汤', chefTips: '趁热吃' }, en: { name: 'Tomato soup' } },
  servingVersions: [
    {
      servings: 2,
      ingredients: [{ names: { zh: '番茄', en: 'Tomato' }, quantity: 300, unitId: UNIT }],
      steps: [{ number: 1, workMode: 'MANUAL', descriptions: { zh: '翻炒', en: 'Fry' } }],
    },
  ],
  difficulty: 'easy',
  productCodes: ['TM-1', 'TM-2'],
  pictureFileCode: PICTURE,
  categoryId: CATEGORY_A,
};

const draft = (overrides: Partial<RecipeContentInput> = {}) => {
  const input = { ...completeInput, ...overrides };
  const parsed = recipeContentSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  // A draft recorded before the wire asked every draft for its main-language name: the decider still judges it
  // when it is submitted. Parsed with a name, then stored without one.
  const main = input.mainLang ?? 'zh';
  const named = recipeContentSchema.parse({ ...input, texts: { ...input.texts, [main]: { name: '-' } } });
  const { [main]: _unnamed, ...texts } = named.texts;
  return { ...named, texts };
};

const recipeTable = deciderTable(recipeDecider);
const { when, refusal, history, stateAfter } = recipeTable;

const create = (overrides: Partial<RecipeContentInput> = {}): RecipeCommand => ({
  type: 'CreateRecipe',
  recipeId: RECIPE_ID,
  content: draft(overrides),
});
const created = (overrides: Partial<RecipeContentInput> = {}) => when([], create(overrides));
const submit: RecipeCommand = { type: 'SubmitRecipe' };
const release: RecipeCommand = { type: 'ReleaseRecipe' };
const recallToEditing: RecipeCommand = { type: 'RecallRecipeToEditing' };
const recallToWaitingRelease: RecipeCommand = { type: 'RecallRecipeToWaitingRelease' };
const remove: RecipeCommand = { type: 'DeleteRecipe', at: DELETED_AT };
const recover: RecipeCommand = { type: 'RecoverRecipe' };
const clear: RecipeCommand = { type: 'ClearRecipe' };

const historyIn: Record<RecipeStatus | 'absent', RecipeEvent[]> = {
  absent: [],
  editing: history(create()),
  waiting_release: history(create(), submit),
  released: history(create(), submit, release),
  recycle_bin: history(create(), remove),
  cleared: history(create(), remove, clear),
};

const releasedSource: RecipeState = replay(
  recipeDecider,
  history(create({ number: 'R-SRC' }), submit, release),
);

/** One command per action, each of which changes something when allowed. */
const commandFor: Record<RecipeAction, RecipeCommand> = {
  create: create(),
  copy: {
    type: 'CopyRecipe',
    recipeId: RECIPE_ID,
    number: 'R-002',
    source: { recipeId: SOURCE_ID, state: releasedSource },
  },
  revise: {
    type: 'ReviseRecipeContent',
    content: draft({ texts: { zh: { name: '西红柿汤' }, en: { name: 'Tomato soup' } } }),
  },
  submit,
  release,
  recall_to_editing: recallToEditing,
  recall_to_waiting_release: recallToWaitingRelease,
  delete: remove,
  recover,
  clear,
  set_online: { type: 'SetRecipeOnlineStatus', online: true },
  set_paid: { type: 'SetRecipePaidStatus', paid: true },
  change_category: { type: 'ChangeRecipeCategory', categoryId: CATEGORY_B },
  link_models: { type: 'LinkRecipeModels', productCodes: ['TM-3'] },
  unlink_models: { type: 'UnlinkRecipeModels', productCodes: ['TM-2'] },
  translate: {
    type: 'TranslateRecipe',
    jobId: SOURCE_ID,
    provider: 'demo',
    sourceLang: 'zh',
    targetLangs: ['en'],
    fields: [{ path: 'texts.chefTips', source: '趁热吃', translations: { en: 'Serve hot' } }],
  },
};

// ---- the README's transition tables, read and enforced cell by cell

describeTransitionTable({
  dir: import.meta.dirname,
  table: recipeTable,
  place: 'state',
  actions: RECIPE_ACTIONS,
  places: ['absent', 'editing', 'waiting_release', 'released', 'recycle_bin', 'cleared'],
  commandActions: RECIPE_COMMAND_ACTIONS,
  commandFor,
  given: (state: RecipeStatus | 'absent') => historyIn[state],
  refusedCode: (action) => ({
    404: 'recipe_not_found',
    409: action === 'create' || action === 'copy' ? 'recipe_already_exists' : 'recipe_illegal_transition',
  }),
  more: () => {
    const copySources = readmeTable(import.meta.dirname, 'copy source');
    const [, ...sourceCells] = copySources.rows[0]!;
    sourceCells.forEach((cell, i) => {
      const state = stateColumn<RecipeStatus | 'absent'>(copySources.header[i + 1]!);
      it(`copy from a source that is ${state}: ${cell}`, () => {
        const source = replay(recipeDecider, historyIn[state]);
        expectCell(
          recipeTable,
          [],
          {
            type: 'CopyRecipe',
            recipeId: SOURCE_ID,
            number: 'R-002',
            source: { recipeId: RECIPE_ID, state: source },
          },
          expectation(cell),
          { 404: 'recipe_copy_source_not_found', 409: 'recipe_illegal_transition' },
        );
      });
    });
  },
});

describe('refusals name the recipe, its state and the action', () => {
  it('tells the user to recall a released recipe before deleting it', () => {
    const error = refusal(historyIn.released, remove);
    expect(error.status).toBe(409);
    expect(error.params).toEqual({
      number: 'R-001',
      state: 'released',
      action: 'delete',
      hint: 'recall_first',
    });
  });

  it('tells the user to recall a submitted recipe to editing before changing its content', () => {
    const error = refusal(historyIn.waiting_release, commandFor.revise);
    expect(error.params).toMatchObject({
      state: 'waiting_release',
      action: 'revise',
      hint: 'recall_to_editing_first',
    });
  });

  it('answers 404 for a command on a recipe that was never created', () => {
    expect(refusal([], submit)).toMatchObject({ status: 404, code: 'recipe_not_found' });
  });
});

describe('submit requires a complete recipe', () => {
  it('submits a complete recipe for release', () => {
    expect(when(historyIn.editing, submit)).toEqual([{ type: 'RecipeSubmitted', data: {} }]);
  });

  it('names everything a bare draft is missing', () => {
    const bare = history(
      create({
        texts: {},
        servingVersions: [],
        difficulty: null,
        productCodes: [],
        pictureFileCode: null,
      }),
    );
    const error = refusal(bare, submit);
    expect(error.status).toBe(400);
    expect(error.code).toBe('recipe_incomplete');
    expect(error.params.missing).toBe(
      'main_name,picture,difficulty,servings,work_mode_step,compatible_model',
    );
  });

  it.each([
    ['main_name', { texts: { en: { name: 'Tomato soup' } } }],
    ['picture', { pictureFileCode: null }],
    ['difficulty', { difficulty: null }],
    ['compatible_model', { productCodes: [] }],
    [
      'work_mode_step',
      {
        servingVersions: [
          completeInput.servingVersions![0]!,
          { servings: 4, steps: [{ number: 1, descriptions: { zh: '装盘' } }] },
        ],
      },
    ],
  ] as [string, Partial<RecipeContentInput>][])(
    'refuses a recipe missing only %s and names it',
    (missing, change) => {
      const error = refusal(history(create(change)), submit);
      expect(error.params.missing).toBe(missing);
    },
  );
});

describe('release and versions', () => {
  it('numbers the first release 1 and a re-release after recall to editing 2', () => {
    const first = history(create(), submit, release);
    expect(first.at(-1)).toEqual({ type: 'RecipeReleased', data: { version: 1 } });
    const resubmitted = [...first, ...when(first, recallToEditing)];
    resubmitted.push(...when(resubmitted, submit));
    expect(when(resubmitted, release)).toEqual([{ type: 'RecipeReleased', data: { version: 2 } }]);
  });

  it('keeps the version through recalls and raises it on the next release', () => {
    const events: RecipeEvent[] = [];
    for (const command of [
      create(),
      submit,
      release,
      recallToWaitingRelease,
      release,
      recallToEditing,
      submit,
      release,
    ])
      events.push(...when(events, command));
    expect(events.filter((e) => e.type === 'RecipeReleased').map((e) => e.data)).toEqual([
      { version: 1 },
      { version: 2 },
      { version: 3 },
    ]);
    expect(stateAfter(events).version).toBe(3);
  });

  it('records where a recall to editing came from', () => {
    expect(when(historyIn.released, recallToEditing)).toEqual([
      { type: 'RecipeRecalledToEditing', data: { from: 'released' } },
    ]);
    expect(when(historyIn.waiting_release, recallToEditing)).toEqual([
      { type: 'RecipeRecalledToEditing', data: { from: 'waiting_release' } },
    ]);
  });
});

describe('recycle bin', () => {
  it('remembers the state it left and the delete time from the command', () => {
    const events = history(create(), submit, remove);
    expect(events.at(-1)).toEqual({
      type: 'RecipeMovedToRecycleBin',
      data: { from: 'waiting_release', deletedAt: DELETED_AT },
    });
    expect(stateAfter(events)).toMatchObject({
      status: 'recycle_bin',
      recycledFrom: 'waiting_release',
      deletedAt: DELETED_AT,
    });
  });

  it('recovers to the state it left', () => {
    const fromWaiting = history(create(), submit, remove);
    expect(when(fromWaiting, recover)).toEqual([
      { type: 'RecipeRecovered', data: { to: 'waiting_release' } },
    ]);
    expect(stateAfter([...fromWaiting, ...when(fromWaiting, recover)])).toMatchObject({
      status: 'waiting_release',
      recycledFrom: null,
      deletedAt: null,
    });
    const fromEditing = history(create(), remove);
    expect(stateAfter([...fromEditing, ...when(fromEditing, recover)]).status).toBe('editing');
  });

  it('refuses every command once cleared', () => {
    const cleared = historyIn.cleared;
    for (const command of Object.values(commandFor)) {
      const error = refusal(cleared, command);
      expect(error.status).toBe(409);
      if (command.type === 'CreateRecipe' || command.type === 'CopyRecipe')
        expect(error).toMatchObject({ code: 'recipe_already_exists', params: { number: 'R-001' } });
      else
        expect(error).toMatchObject({
          code: 'recipe_illegal_transition',
          params: { number: 'R-001', state: 'cleared', action: RECIPE_COMMAND_ACTIONS[command.type] },
        });
    }
  });
});

describe('content revisions', () => {
  it('records only the top-level fields that changed', () => {
    const events = when(historyIn.editing, {
      type: 'ReviseRecipeContent',
      content: draft({ difficulty: 'hard', prepMinutes: 10 }),
    });
    expect(events).toEqual([
      { type: 'RecipeContentRevised', data: { changes: { difficulty: 'hard', prepMinutes: 10 } } },
    ]);
  });

  it('records nothing when the saved content is what the recipe already has', () => {
    expect(when(historyIn.editing, { type: 'ReviseRecipeContent', content: draft() })).toEqual([]);
  });

  it('applies the revision to the state', () => {
    const events = [...historyIn.editing, ...when(historyIn.editing, commandFor.revise)];
    expect(stateAfter(events).content.texts.zh?.name).toBe('西红柿汤');
    expect(stateAfter(events).content.texts.en?.name).toBe('Tomato soup');
  });
});

describe('flags, category and models', () => {
  it('sets flags and category on a released recipe without recalling it, and records no change twice', () => {
    const online = when(historyIn.released, { type: 'SetRecipeOnlineStatus', online: true });
    expect(online).toEqual([{ type: 'RecipeOnlineStatusSet', data: { online: true } }]);
    const after = [...historyIn.released, ...online];
    expect(stateAfter(after)).toMatchObject({ status: 'released', content: { online: true } });
    expect(when(after, { type: 'SetRecipeOnlineStatus', online: true })).toEqual([]);
    expect(when(historyIn.released, { type: 'SetRecipePaidStatus', paid: false })).toEqual([]);
    expect(when(historyIn.released, { type: 'ChangeRecipeCategory', categoryId: CATEGORY_A })).toEqual([]);
    expect(
      stateAfter([...historyIn.released, ...when(historyIn.released, commandFor.change_category)]).content
        .categoryId,
    ).toBe(CATEGORY_B);
  });

  it('links only models not yet linked and unlinks only linked ones', () => {
    expect(
      when(historyIn.released, { type: 'LinkRecipeModels', productCodes: ['TM-1', 'TM-3', 'TM-3'] }),
    ).toEqual([{ type: 'RecipeModelsLinked', data: { productCodes: ['TM-3'] } }]);
    expect(when(historyIn.released, { type: 'LinkRecipeModels', productCodes: ['TM-2'] })).toEqual([]);
    expect(when(historyIn.released, { type: 'UnlinkRecipeModels', productCodes: ['TM-9', 'TM-1'] })).toEqual([
      { type: 'RecipeModelsUnlinked', data: { productCodes: ['TM-1'] } },
    ]);
    const linked = [...historyIn.released, ...when(historyIn.released, commandFor.link_models)];
    expect(stateAfter(linked).content.productCodes).toEqual(['TM-1', 'TM-2', 'TM-3']);
  });

  it('keeps at least one model on a submitted or released recipe, but not on a draft', () => {
    const all: RecipeCommand = { type: 'UnlinkRecipeModels', productCodes: ['TM-1', 'TM-2'] };
    for (const state of ['waiting_release', 'released'] as const) {
      const error = refusal(historyIn[state], all);
      expect({ status: error.status, code: error.code, number: error.params.number }).toEqual({
        status: 409,
        code: 'recipe_last_model',
        number: 'R-001',
      });
    }
    expect(when(historyIn.editing, all)).toEqual([
      { type: 'RecipeModelsUnlinked', data: { productCodes: ['TM-1', 'TM-2'] } },
    ]);
  });
});

describe('copy', () => {
  it('creates the new recipe in editing from the source content, with its own number, not online or paid', () => {
    const online = history(create({ number: 'R-SRC', online: true, paid: true }), submit, release);
    const source = replay(recipeDecider, online) as ExistingRecipe;
    const events = when([], {
      type: 'CopyRecipe',
      recipeId: RECIPE_ID,
      number: 'R-002',
      source: { recipeId: SOURCE_ID, state: source },
    });
    expect(events).toEqual([
      {
        type: 'RecipeCopied',
        data: {
          recipeId: RECIPE_ID,
          content: { ...source.content, number: 'R-002', online: false, paid: false },
          copiedFrom: { recipeId: SOURCE_ID, number: 'R-SRC', version: 1 },
        },
      },
    ]);
    expect(stateAfter(events)).toMatchObject({
      status: 'editing',
      version: 0,
      recipeId: RECIPE_ID,
      copiedFrom: { recipeId: SOURCE_ID, number: 'R-SRC', version: 1 },
      content: { number: 'R-002', texts: { zh: { name: '番茄汤' } } },
    });
  });

  it('names the copy as the API chose, per language, keeping the other texts', () => {
    const texts = { zh: { name: '番茄汤', description: '酸甜' }, en: { name: 'Tomato soup' } };
    const source = replay(recipeDecider, history(create({ number: 'R-SRC', texts }), submit, release));
    const [event] = when([], {
      type: 'CopyRecipe',
      recipeId: RECIPE_ID,
      number: 'R-002',
      source: { recipeId: SOURCE_ID, state: source },
      names: { zh: '番茄汤 (副本)', en: 'Tomato soup (copy 2)' },
    });
    expect(event?.type === 'RecipeCopied' && event.data.content.texts).toMatchObject({
      zh: { name: '番茄汤 (副本)', description: '酸甜' },
      en: { name: 'Tomato soup (copy 2)' },
    });
  });
});

describe('steps are prefilled from the work mode and checked against its ranges', () => {
  /** The recipe created with one serving version (2 servings) whose step 1 is `step`. */
  const stepCreated = (step: Record<string, unknown>, type: RecipeContentInput['type'] = 'SOUP') => {
    const [event] = created({
      type,
      servingVersions: [{ servings: 2, steps: [{ number: 1, ...step }] }],
    });
    if (event?.type !== 'RecipeCreated') throw new Error('not created');
    return event.data.content.servingVersions[0]!.steps[0]!;
  };
  const stepRefusal = (step: Record<string, unknown>, type: RecipeContentInput['type'] = 'SOUP') =>
    refusal([], create({ type, servingVersions: [{ servings: 2, steps: [{ number: 1, ...step }] }] }));

  it('prefills a manual-cooking step from the §9 defaults', () => {
    expect(stepCreated({ workMode: 'MANUAL' })).toMatchObject({
      temperature: 100,
      speed: 2,
      minutes: 5,
      seconds: 0,
      rotation: 'forward',
      heatingMode: null,
      heatingLogic: null,
    });
  });

  it('keeps what the author set and treats minutes and seconds as one setting', () => {
    expect(
      stepCreated({ workMode: 'MANUAL', temperature: 80, rotation: 'reverse', minutes: 2 }),
    ).toMatchObject({
      temperature: 80,
      rotation: 'reverse',
      minutes: 2,
      seconds: 0,
    });
  });

  it('prefills the air fryer with hot air at 180 °C', () => {
    expect(stepCreated({ workMode: 'AIR_FRYER' }, 'AIR_FRYER')).toMatchObject({
      temperature: 180,
      heatingMode: 'HOT_AIR',
      minutes: 15,
    });
  });

  it('names the serving version, the step, the field and the allowed range', () => {
    const error = refusal(
      [],
      create({
        servingVersions: [
          completeInput.servingVersions![0]!,
          {
            servings: 4,
            steps: [
              { number: 1, workMode: 'MANUAL' },
              { number: 3, workMode: 'MANUAL', temperature: 130 },
            ],
          },
        ],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.code).toBe('recipe_step_temperature_out_of_range');
    expect(error.params).toMatchObject({
      servings: 4,
      step: 3,
      mode: 'MANUAL',
      field: 'temperature',
      min: 0,
      max: 120,
    });
  });

  it('checks steps on every content revision too', () => {
    const error = refusal(historyIn.editing, {
      type: 'ReviseRecipeContent',
      content: draft({
        servingVersions: [{ servings: 2, steps: [{ number: 1, workMode: 'FOOD_PROCESSOR', speed: 8 }] }],
      }),
    });
    expect(error.code).toBe('recipe_step_speed_out_of_range');
  });

  describe('knead', () => {
    it('runs 3 minutes of 27 s forward / 3 s pause / 27 s reverse / 3 s pause by default', () => {
      expect(stepCreated({ workMode: 'KNEAD' })).toMatchObject({
        minutes: 3,
        seconds: 0,
        rotation: null,
        speed: null,
      });
    });

    it('refuses a time that is not a whole number of 60-second cycles', () => {
      const error = stepRefusal({ workMode: 'KNEAD', minutes: 2, seconds: 30 });
      expect(error.code).toBe('recipe_step_time_not_whole_cycles');
      expect(error.params).toMatchObject({
        cycleSeconds: 60,
        value: 150,
        cycle: 'forward_reverse',
        forward: 27,
        pause: 3,
        reverse: 27,
      });
      expect(stepCreated({ workMode: 'KNEAD', minutes: 4 })).toMatchObject({ minutes: 4, seconds: 0 });
    });

    it('refuses a rotation, since the cycle sets the direction', () => {
      expect(stepRefusal({ workMode: 'KNEAD', rotation: 'reverse' }).params).toMatchObject({
        field: 'rotation',
        mode: 'KNEAD',
      });
    });

    it('refuses more than 10 minutes', () => {
      expect(stepRefusal({ workMode: 'KNEAD', minutes: 11 }).params).toMatchObject({
        field: 'time',
        min: 60,
        max: 600,
      });
    });

    it('is not a mode of an oven recipe', () => {
      const error = stepRefusal({ workMode: 'KNEAD' }, 'OVEN');
      expect(error.code).toBe('recipe_step_work_mode_not_for_type');
      expect(error.params).toMatchObject({ mode: 'KNEAD', type: 'OVEN' });
    });
  });

  describe('steam', () => {
    it('refuses a temperature below 95 °C, where its countdown starts', () => {
      const error = stepRefusal({ workMode: 'STEAM', temperature: 90 });
      expect(error.code).toBe('recipe_step_below_countdown_temperature');
      expect(error.params).toMatchObject({ threshold: 95, step: 1 });
    });

    it('accepts 95 °C and refuses above its 120 °C maximum', () => {
      expect(stepCreated({ workMode: 'STEAM', temperature: 95 })).toMatchObject({
        temperature: 95,
        minutes: 15,
      });
      expect(stepRefusal({ workMode: 'STEAM', temperature: 125 }).params).toMatchObject({
        min: 95,
        max: 120,
      });
    });
  });

  describe('fast DIY', () => {
    it('heats with boil logic up to 100 °C and with DIY heating above it', () => {
      expect(stepCreated({ workMode: 'FAST_DIY', temperature: 100 }).heatingLogic).toBe('boil');
      expect(stepCreated({ workMode: 'FAST_DIY', temperature: 101 }).heatingLogic).toBe('diy');
      expect(stepCreated({ workMode: 'FAST_DIY', temperature: 40 }).heatingLogic).toBe('boil');
    });

    it('refuses more than 130 °C', () => {
      expect(stepRefusal({ workMode: 'FAST_DIY', temperature: 140 }).params).toMatchObject({
        field: 'temperature',
        max: 130,
      });
    });
  });

  describe('food processor', () => {
    it('takes speeds 3 to 5 only', () => {
      expect(stepCreated({ workMode: 'FOOD_PROCESSOR', speed: 3 }).speed).toBe(3);
      expect(stepCreated({ workMode: 'FOOD_PROCESSOR', speed: 5 }).speed).toBe(5);
      expect(stepRefusal({ workMode: 'FOOD_PROCESSOR', speed: 6 }).params).toMatchObject({ min: 3, max: 5 });
      expect(stepRefusal({ workMode: 'FOOD_PROCESSOR', speed: 2 }).params).toMatchObject({ field: 'speed' });
    });

    it('runs at most one minute', () => {
      expect(stepCreated({ workMode: 'FOOD_PROCESSOR', minutes: 1 })).toMatchObject({
        minutes: 1,
        seconds: 0,
      });
      expect(stepRefusal({ workMode: 'FOOD_PROCESSOR', minutes: 1, seconds: 1 }).params).toMatchObject({
        field: 'time',
        max: 60,
        value: 61,
      });
    });
  });

  describe('boil and text-only steps', () => {
    it('has no time', () => {
      expect(stepCreated({ workMode: 'BOIL' })).toMatchObject({
        temperature: 100,
        minutes: null,
        seconds: null,
      });
      expect(stepRefusal({ workMode: 'BOIL', minutes: 5 }).params).toMatchObject({
        field: 'time',
        mode: 'BOIL',
      });
    });

    it('refuses machine settings on a step without a work mode', () => {
      const error = stepRefusal({ temperature: 80 });
      expect(error.code).toBe('recipe_step_setting_without_mode');
      expect(error.params).toMatchObject({ field: 'temperature' });
    });

    it('refuses a work mode that does not exist', () => {
      expect(stepRefusal({ workMode: 'TELEPORT' }).params).toMatchObject({ mode: 'TELEPORT' });
    });
  });

  describe('each §9 work mode as the spec states it', () => {
    it('kettle (boil): 100 °C by default, no time', () => {
      expect(stepCreated({ workMode: 'BOIL' })).toMatchObject({
        temperature: 100,
        minutes: null,
        speed: null,
      });
      expect(stepCreated({ workMode: 'BOIL', temperature: 90 }).temperature).toBe(90);
      expect(stepRefusal({ workMode: 'BOIL', temperature: 101 }).params).toMatchObject({ max: 100 });
      expect(stepRefusal({ workMode: 'BOIL', seconds: 30 }).code).toBe('recipe_step_setting_not_used');
    });

    it('pulse: speed 12 for 1 minute by default, another speed may be chosen', () => {
      expect(stepCreated({ workMode: 'PULSE' })).toMatchObject({ speed: 12, minutes: 1, seconds: 0 });
      expect(stepCreated({ workMode: 'PULSE', speed: 8 }).speed).toBe(8);
      expect(stepRefusal({ workMode: 'PULSE', minutes: 2 }).code).toBe('recipe_step_time_out_of_range');
    });

    it('knead: 27 s forward, 3 s pause, 27 s reverse, 3 s pause, 3 minutes in total', () => {
      expect(stepCreated({ workMode: 'KNEAD' })).toMatchObject({ minutes: 3, seconds: 0, rotation: null });
      expect(stepRefusal({ workMode: 'KNEAD', minutes: 3, seconds: 30 }).params).toMatchObject({
        cycleSeconds: 60,
      });
    });

    it('food processor: speed 3-5, up to 1 minute', () => {
      const step = stepCreated({ workMode: 'FOOD_PROCESSOR' });
      expect(step.speed).toBeGreaterThanOrEqual(3);
      expect(step.speed).toBeLessThanOrEqual(5);
      expect(stepRefusal({ workMode: 'FOOD_PROCESSOR', speed: 6 }).params).toMatchObject({ min: 3, max: 5 });
      expect(stepRefusal({ workMode: 'FOOD_PROCESSOR', seconds: 59, minutes: 1 }).params).toMatchObject({
        field: 'time',
        max: 60,
      });
    });

    it('meat grinder: speed 1-12, 10 s to 4 min', () => {
      expect(stepCreated({ workMode: 'MEAT_GRINDER', speed: 1, seconds: 10 })).toMatchObject({ speed: 1 });
      expect(stepCreated({ workMode: 'MEAT_GRINDER', speed: 12, minutes: 4 })).toMatchObject({ speed: 12 });
      expect(stepRefusal({ workMode: 'MEAT_GRINDER', seconds: 9 }).params).toMatchObject({
        min: 10,
        max: 240,
      });
      expect(stepRefusal({ workMode: 'MEAT_GRINDER', minutes: 4, seconds: 1 }).params).toMatchObject({
        field: 'time',
      });
    });

    it('stir: 5 s on, 25 s off, so its time is whole 30-second cycles (its default 5:00 included)', () => {
      expect(stepCreated({ workMode: 'STIR' })).toMatchObject({ minutes: 5, seconds: 0 });
      expect(stepCreated({ workMode: 'STIR', minutes: 0, seconds: 30 }).seconds).toBe(30);
      const error = stepRefusal({ workMode: 'STIR', minutes: 1, seconds: 10 });
      expect(error.params).toMatchObject({
        cycleSeconds: 30,
        value: 70,
        cycle: 'one_way',
        forward: 5,
        pause: 25,
      });
    });

    it('yogurt fermentation: 37-65 °C', () => {
      expect(stepCreated({ workMode: 'YOGURT', temperature: 37 }).temperature).toBe(37);
      expect(stepCreated({ workMode: 'YOGURT', temperature: 65 }).temperature).toBe(65);
      expect(stepRefusal({ workMode: 'YOGURT', temperature: 36 }).params).toMatchObject({ min: 37, max: 65 });
      expect(stepRefusal({ workMode: 'YOGURT', temperature: 66 }).params).toMatchObject({ min: 37, max: 65 });
    });

    it('drying: 60-80 °C', () => {
      expect(stepCreated({ workMode: 'DRYING', temperature: 60 }).temperature).toBe(60);
      expect(stepCreated({ workMode: 'DRYING', temperature: 80 }).temperature).toBe(80);
      expect(stepRefusal({ workMode: 'DRYING', temperature: 59 }).params).toMatchObject({ min: 60, max: 80 });
      expect(stepRefusal({ workMode: 'DRYING', temperature: 81 }).params).toMatchObject({ min: 60, max: 80 });
    });

    it('steam: the countdown starts after 95 °C', () => {
      expect(stepCreated({ workMode: 'STEAM', temperature: 95 }).temperature).toBe(95);
      expect(stepRefusal({ workMode: 'STEAM', temperature: 94 }).code).toBe(
        'recipe_step_below_countdown_temperature',
      );
    });

    it('DIY: 0-100 °C uses boil logic, above 100 °C DIY heating', () => {
      expect(stepCreated({ workMode: 'FAST_DIY', temperature: 0 }).heatingLogic).toBe('boil');
      expect(stepCreated({ workMode: 'FAST_DIY', temperature: 100 }).heatingLogic).toBe('boil');
      expect(stepCreated({ workMode: 'FAST_DIY', temperature: 101 }).heatingLogic).toBe('diy');
    });
  });

  it('keeps steps in step-number order', () => {
    const [event] = created({
      servingVersions: [
        {
          servings: 2,
          steps: [
            { number: 2, workMode: 'BOIL' },
            { number: 1, workMode: 'MANUAL' },
          ],
        },
      ],
    });
    if (event?.type !== 'RecipeCreated') throw new Error('not created');
    expect(event.data.content.servingVersions[0]!.steps.map((s) => s.number)).toEqual([1, 2]);
  });
});

describe('history for auditors', () => {
  it('gives the state as of every event of a full lifecycle', () => {
    const commands: RecipeCommand[] = [
      create(),
      { type: 'ReviseRecipeContent', content: draft({ difficulty: 'medium' }) },
      submit,
      release,
      { type: 'SetRecipeOnlineStatus', online: true },
      recallToEditing,
      commandFor.revise,
      submit,
      release,
      recallToWaitingRelease,
      recallToEditing,
      remove,
      recover,
      remove,
      clear,
    ];
    const events = history(...commands);
    const states = statesAfterEachEvent(recipeDecider, events) as ExistingRecipe[];
    expect(states.map((s) => [s.status, s.version])).toEqual([
      ['editing', 0],
      ['editing', 0],
      ['waiting_release', 0],
      ['released', 1],
      ['released', 1],
      ['editing', 1],
      ['editing', 1],
      ['waiting_release', 1],
      ['released', 2],
      ['waiting_release', 2],
      ['editing', 2],
      ['recycle_bin', 2],
      ['editing', 2],
      ['recycle_bin', 2],
      ['cleared', 2],
    ]);
    expect(states[1]!.content).toMatchObject({ difficulty: 'medium', texts: { zh: { name: '番茄汤' } } });
    expect(states[6]!.content.texts.zh?.name).toBe('西红柿汤');
    expect(states[4]!.content.online).toBe(true);
    expect(states[11]).toMatchObject({ recycledFrom: 'editing', deletedAt: DELETED_AT });
    // Cleared keeps the content it had, for the auditor's view.
    expect(states.at(-1)!.content.number).toBe('R-001');
    expect(replay(recipeDecider, events)).toEqual(states.at(-1));
  });
});

describe('a recipe created by an import', () => {
  it('keeps the zip it came from on RecipeCreated; a recipe made in the editor has none', () => {
    const command: RecipeCommand = {
      type: 'CreateRecipe',
      recipeId: RECIPE_ID,
      content: draft(),
      importedFrom: 'library.zip',
    };
    const [imported] = when([], command);
    expect(imported).toMatchObject({
      type: 'RecipeCreated',
      data: { importedFrom: { fileName: 'library.zip' } },
    });
    const [edited] = created();
    expect(edited?.data).not.toHaveProperty('importedFrom');
  });
});

describe('a confirmed translation', () => {
  const translation = (
    fields: { path: string; source: string; translations: Record<string, string> }[],
    targetLangs = ['en'],
  ): RecipeCommand => ({
    type: 'TranslateRecipe',
    jobId: SOURCE_ID,
    provider: 'libretranslate',
    sourceLang: 'zh',
    targetLangs,
    fields,
  });

  it('writes each proposed text into its language and keeps every other text', () => {
    const events = when(
      history(create()),
      translation([
        { path: 'texts.chefTips', source: '趁热吃', translations: { en: 'Serve hot' } },
        { path: 'servingVersions.0.ingredients.0.names', source: '番茄', translations: { en: 'Tomatoes' } },
        { path: 'servingVersions.0.steps.0.descriptions', source: '翻炒', translations: { en: 'Stir-fry' } },
      ]),
    );
    expect(events).toEqual([
      expect.objectContaining({
        type: 'RecipeTranslated',
        data: expect.objectContaining({ provider: 'libretranslate', sourceLang: 'zh', targetLangs: ['en'] }),
      }),
    ]);
    const state = stateAfter([...history(create()), ...events]);
    expect(state.content.texts.en).toEqual({ name: 'Tomato soup', description: '', chefTips: 'Serve hot' });
    expect(state.content.texts.zh?.chefTips).toBe('趁热吃');
    const version = state.content.servingVersions[0]!;
    expect(version.ingredients[0]!.names).toEqual({ zh: '番茄', en: 'Tomatoes' });
    expect(version.steps[0]!.descriptions).toEqual({ zh: '翻炒', en: 'Stir-fry' });
  });

  it('refuses a target the recipe does not support, a path it does not have, or a field missing a target', () => {
    const refusedWith = (command: RecipeCommand) => refusal(history(create()), command);
    const tips = { path: 'texts.chefTips', source: '趁热吃', translations: { en: 'Serve hot' } };
    expect(refusedWith(translation([{ ...tips, translations: { de: 'Heiß' } }], ['de']))).toMatchObject({
      code: 'recipe_translation_invalid',
      params: { number: 'R-001' },
    });
    expect(
      refusedWith(translation([{ ...tips, path: 'servingVersions.3.steps.0.descriptions' }])),
    ).toMatchObject({ code: 'recipe_translation_invalid' });
    expect(refusedWith(translation([{ ...tips, translations: {} }]))).toMatchObject({
      code: 'recipe_translation_invalid',
    });
    expect(refusedWith(translation([]))).toMatchObject({
      code: 'recipe_translation_invalid',
      params: { number: 'R-001' },
    });
  });
});
