import { createCanvas } from '@napi-rs/canvas';
import type pg from 'pg';
import { recipeContentSchema, type RecipeContentInput } from '@kb/contracts';
import type { EventStore } from '@kb/event-store';
import type { AppConfig } from '../../../config.js';
import {
  AggregateStreams,
  commandPath,
  createRecipe,
  recipeAggregate,
  RecipeNumbers,
  RecipeReferences,
  singleOutcome,
  type Actor,
  type BatchOutcome,
  type RecipeAnswer,
} from '@kb/aggregates';
import type { RecipeCommand } from '@kb/domain';
import { refuseDeletingLinkedRecipes } from '../../content/recipe-delete-guard.js';
import { explainRecipeRefusal } from '../recipe-ports.js';
import { ensureSeedFile } from '@kb/platform';
import { translate } from '../../../common/messages.js';

/** The demo brands' ingredient units (fixed ids), named in each of the brand's languages. */
const UNIT = {
  gram: '5e0c1a2b-0001-4e10-8c00-00000000a001',
  piece: '5e0c1a2b-0002-4e10-8c00-00000000a002',
  spoon: '5e0c1a2b-0003-4e10-8c00-00000000a003',
  whole: '5e0c1a2b-0004-4e10-8c00-00000000a004',
  otherGram: '5e0c1a2b-0101-4e10-8c00-00000000a101',
} as const;
const DEMO_UNITS: { id: string; brand: 'DEMO' | 'OTHER'; names: Record<string, string> }[] = [
  { id: UNIT.gram, brand: 'DEMO', names: { zh: '克', en: 'g', de: 'g', fr: 'g' } },
  { id: UNIT.piece, brand: 'DEMO', names: { zh: '只', en: 'pcs', de: 'Stück', fr: 'pièces' } },
  { id: UNIT.spoon, brand: 'DEMO', names: { zh: '汤匙', en: 'tbsp', de: 'EL', fr: 'c. à s.' } },
  { id: UNIT.whole, brand: 'DEMO', names: { zh: '条', en: 'whole', de: 'ganz', fr: 'entier' } },
  { id: UNIT.otherGram, brand: 'OTHER', names: { en: 'g', de: 'g' } },
];

/** Where a demo recipe ends up: each step is a command of the real command path. */
type Lifecycle = 'editing' | 'waiting_release' | 'released' | 'recycle_bin';

interface DemoRecipe {
  id: string;
  /** The picture drawn for it (fixed file code), or none. */
  picture?: { fileCode: string; hue: number };
  content: RecipeContentInput;
  lifecycle: Lifecycle;
  online?: boolean;
  paid?: boolean;
}

const DEMO_RECIPES: Record<'DEMO' | 'OTHER', { account: string; recipes: DemoRecipe[] }> = {
  DEMO: {
    account: 'demo',
    recipes: [
      {
        id: '5e0c1a2b-0001-4d10-8a00-00000000d001',
        picture: { fileCode: '5e0c1a2b-0001-4f10-8b00-00000000f001', hue: 12 },
        lifecycle: 'released',
        online: true,
        content: {
          type: 'SOUP',
          number: 'R-1001',
          mainLang: 'zh',
          langs: ['zh', 'en'],
          texts: {
            zh: { name: '番茄炖牛腩', description: '酸甜浓郁的家常炖菜。', chefTips: '牛腩先焯水，汤更清。' },
            en: {
              name: 'Tomato beef brisket stew',
              description: 'A tangy, rich home-style stew.',
              chefTips: 'Blanch the brisket first for a clearer broth.',
            },
          },
          servingVersions: [2, 4].map((servings) => ({
            servings,
            ingredients: [
              {
                names: { zh: '牛腩', en: 'Beef brisket' },
                quantity: 250 * (servings / 2),
                unitId: UNIT.gram,
                descriptions: { zh: '切块', en: 'in chunks' },
              },
              { names: { zh: '番茄', en: 'Tomatoes' }, quantity: 2 * (servings / 2), unitId: UNIT.piece },
              { names: { zh: '洋葱', en: 'Onion' }, quantity: servings / 2, unitId: UNIT.piece },
            ],
            steps: [
              {
                number: 1,
                workMode: 'FOOD_PROCESSOR',
                speed: 4,
                seconds: 20,
                descriptions: { zh: '放入洋葱和番茄切碎', en: 'Chop the onion and tomatoes' },
              },
              {
                number: 2,
                workMode: 'MANUAL',
                temperature: 120,
                speed: 1,
                minutes: 3,
                rotation: 'reverse',
                descriptions: { zh: '加入牛腩翻炒', en: 'Add the brisket and sauté' },
              },
              {
                number: 3,
                workMode: 'SLOW_COOK',
                temperature: 95,
                minutes: 90,
                descriptions: { zh: '加水慢炖至软烂', en: 'Add water and slow-cook until tender' },
              },
            ],
          })),
          prepMinutes: 15,
          cookMinutes: 95,
          difficulty: 'medium',
          productCodes: ['TM-6', 'TM-7'],
          nutrients: [{ name: 'kcal', amount: 320, unit: 'kcal' }],
        },
      },
      {
        id: '5e0c1a2b-0002-4d10-8a00-00000000d002',
        picture: { fileCode: '5e0c1a2b-0002-4f10-8b00-00000000f002', hue: 35 },
        lifecycle: 'released',
        online: true,
        paid: true,
        content: {
          type: 'AIR_FRYER',
          number: 'R-1002',
          mainLang: 'zh',
          langs: ['zh', 'en', 'de'],
          texts: {
            zh: { name: '蜜汁烤鸡翅', chefTips: '中途翻面一次，上色更均匀。' },
            en: {
              name: 'Honey-glazed chicken wings',
              chefTips: 'Turn them once halfway for an even colour.',
            },
            de: { name: 'Honig-Hähnchenflügel' },
          },
          servingVersions: [
            {
              servings: 2,
              ingredients: [
                {
                  names: { zh: '鸡翅中', en: 'Chicken wings', de: 'Hähnchenflügel' },
                  quantity: 8,
                  unitId: UNIT.piece,
                },
                { names: { zh: '蜂蜜', en: 'Honey', de: 'Honig' }, quantity: 2, unitId: UNIT.spoon },
              ],
              steps: [
                {
                  number: 1,
                  workMode: 'DESCRIBE',
                  descriptions: { zh: '鸡翅腌制30分钟', en: 'Marinate the wings for 30 minutes' },
                },
                {
                  number: 2,
                  workMode: 'AIR_FRYER',
                  temperature: 200,
                  minutes: 12,
                  descriptions: { zh: '200°C烤12分钟', en: 'Air-fry at 200 °C for 12 minutes' },
                },
                {
                  number: 3,
                  workMode: 'AIR_FRYER',
                  temperature: 180,
                  minutes: 5,
                  descriptions: { zh: '刷蜂蜜再烤5分钟', en: 'Brush with honey, 5 more minutes' },
                },
              ],
            },
          ],
          cookMinutes: 17,
          difficulty: 'easy',
          productCodes: ['AF-5', 'AF-8'],
        },
      },
      {
        id: '5e0c1a2b-0003-4d10-8a00-00000000d003',
        picture: { fileCode: '5e0c1a2b-0003-4f10-8b00-00000000f003', hue: 40 },
        lifecycle: 'waiting_release',
        content: {
          type: 'STAND_MIXER',
          number: 'R-1003',
          mainLang: 'zh',
          langs: ['zh', 'en'],
          texts: { zh: { name: '全麦吐司' }, en: { name: 'Whole-wheat toast bread' } },
          servingVersions: [
            {
              servings: 4,
              ingredients: [
                { names: { zh: '全麦面粉', en: 'Whole-wheat flour' }, quantity: 300, unitId: UNIT.gram },
                { names: { zh: '酵母', en: 'Yeast' }, quantity: 3, unitId: UNIT.gram },
              ],
              steps: [
                { number: 1, workMode: 'WEIGH', descriptions: { zh: '称量面粉', en: 'Weigh the flour' } },
                {
                  number: 2,
                  workMode: 'KNEAD',
                  minutes: 6,
                  descriptions: { zh: '揉成光滑面团', en: 'Knead to a smooth dough' },
                },
              ],
            },
          ],
          restMinutes: 60,
          difficulty: 'hard',
          productCodes: ['SM-3'],
        },
      },
      {
        id: '5e0c1a2b-0004-4d10-8a00-00000000d004',
        picture: { fileCode: '5e0c1a2b-0004-4f10-8b00-00000000f004', hue: 200 },
        lifecycle: 'editing',
        content: {
          type: 'SOUP',
          number: 'R-1004',
          mainLang: 'zh',
          langs: ['zh', 'en'],
          texts: { zh: { name: '清蒸鲈鱼' }, en: { name: 'Steamed sea bass' } },
          servingVersions: [
            {
              servings: 2,
              ingredients: [{ names: { zh: '鲈鱼', en: 'Sea bass' }, quantity: 1, unitId: UNIT.whole }],
              steps: [
                {
                  number: 1,
                  workMode: 'STEAM',
                  temperature: 100,
                  minutes: 12,
                  descriptions: { zh: '蒸12分钟', en: 'Steam for 12 minutes' },
                },
              ],
            },
          ],
          difficulty: 'easy',
          productCodes: ['TM-7'],
        },
      },
      {
        id: '5e0c1a2b-0005-4d10-8a00-00000000d005',
        lifecycle: 'editing',
        content: {
          type: 'SOUP',
          number: 'R-1005',
          mainLang: 'zh',
          langs: ['zh'],
          texts: { zh: { name: '自制蛋黄酱（草稿）' } },
        },
      },
      {
        id: '5e0c1a2b-0006-4d10-8a00-00000000d006',
        picture: { fileCode: '5e0c1a2b-0006-4f10-8b00-00000000f006', hue: 28 },
        lifecycle: 'recycle_bin',
        content: {
          type: 'SOUP',
          number: 'R-0901',
          mainLang: 'zh',
          langs: ['zh', 'en'],
          texts: { zh: { name: '南瓜浓汤（旧版）' }, en: { name: 'Pumpkin soup (old)' } },
          servingVersions: [
            {
              servings: 2,
              ingredients: [{ names: { zh: '南瓜', en: 'Pumpkin' }, quantity: 400, unitId: UNIT.gram }],
              steps: [{ number: 1, workMode: 'BOIL', descriptions: { zh: '煮沸', en: 'Bring to the boil' } }],
            },
          ],
          difficulty: 'easy',
          productCodes: ['TM-6'],
        },
      },
    ],
  },
  OTHER: {
    account: 'other',
    recipes: [
      {
        id: '5e0c1a2b-0101-4d10-8a00-00000000d101',
        picture: { fileCode: '5e0c1a2b-0101-4f10-8b00-00000000f101', hue: 100 },
        lifecycle: 'released',
        online: true,
        content: {
          type: 'SOUP',
          number: 'P-2001',
          mainLang: 'en',
          langs: ['en', 'de'],
          texts: { en: { name: 'Green pea soup' }, de: { name: 'Erbsensuppe' } },
          servingVersions: [
            {
              servings: 4,
              ingredients: [
                { names: { en: 'Frozen peas', de: 'Tiefkühlerbsen' }, quantity: 500, unitId: UNIT.otherGram },
              ],
              steps: [
                {
                  number: 1,
                  workMode: 'MANUAL',
                  temperature: 100,
                  minutes: 10,
                  descriptions: { en: 'Cook the peas', de: 'Erbsen kochen' },
                },
                {
                  number: 2,
                  workMode: 'PULSE',
                  descriptions: { en: 'Blend until smooth', de: 'Fein pürieren' },
                },
              ],
            },
          ],
          difficulty: 'easy',
          productCodes: ['TM-6'],
        },
      },
      {
        id: '5e0c1a2b-0102-4d10-8a00-00000000d102',
        lifecycle: 'editing',
        content: {
          type: 'AIR_FRYER',
          number: 'P-2002',
          mainLang: 'en',
          langs: ['en'],
          texts: { en: { name: 'Crispy fries' } },
          servingVersions: [
            { servings: 2, steps: [{ number: 1, workMode: 'AIR_FRYER', temperature: 190, minutes: 18 }] },
          ],
          productCodes: ['AF-5'],
        },
      },
    ],
  },
};

/** A plate on a coloured table: a believable picture (PNG, a few KB) without shipping binary files. */
function drawDish(hue: number): Buffer {
  const canvas = createCanvas(480, 360);
  const ctx = canvas.getContext('2d');
  const table = ctx.createLinearGradient(0, 0, 480, 360);
  table.addColorStop(0, `hsl(${hue}, 45%, 80%)`);
  table.addColorStop(1, `hsl(${hue}, 45%, 62%)`);
  ctx.fillStyle = table;
  ctx.fillRect(0, 0, 480, 360);
  ctx.fillStyle = '#fbfbf8';
  ctx.beginPath();
  ctx.arc(240, 180, 130, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = `hsl(${hue}, 70%, 45%)`;
  ctx.beginPath();
  ctx.arc(240, 180, 90, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = `hsl(${(hue + 90) % 360}, 55%, 40%)`;
  for (const [x, y] of [
    [215, 150],
    [265, 170],
    [235, 210],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, 14, 0, Math.PI * 2);
    ctx.fill();
  }
  return canvas.toBuffer('image/png');
}

const done = (outcome: BatchOutcome<RecipeAnswer>) => void singleOutcome(outcome, recipeAggregate.notFound);

/**
 * Demo recipes of DEMO and OTHER (`SEED_DEMO=true`) with the ingredient units they use, made through the recipe
 * command path like any staff action, so their streams, history and read models are real. Idempotent: fixed ids, a
 * unit or recipe that exists is left alone.
 */
export async function seedDemoRecipes(pool: pg.Pool, store: EventStore, config: AppConfig): Promise<void> {
  const streams = new AggregateStreams(store, recipeAggregate.storage);
  const numbers = new RecipeNumbers(pool, streams, translate);
  const path = commandPath(recipeAggregate, streams, { numbers, explain: explainRecipeRefusal });
  const references = new RecipeReferences(pool, translate);
  // The units the recipes' ingredients are measured in, before the recipes that name them.
  for (const unit of DEMO_UNITS)
    await pool.query(
      `INSERT INTO ingredient_units (id, brand_owner_code, names) VALUES ($1, $2, $3::jsonb) ON CONFLICT (id) DO NOTHING`,
      [unit.id, unit.brand, JSON.stringify(unit.names)],
    );
  for (const [brand, { account, recipes }] of Object.entries(DEMO_RECIPES)) {
    const actor: Actor = {
      brand,
      account,
      role: 'admin',
      correlationId: 'seed-demo-recipes',
      lang: 'zh',
    };
    for (const recipe of recipes) {
      if ((await streams.load(brand, recipe.id)).revision >= 0) continue;
      const picture = recipe.picture;
      if (picture)
        await ensureSeedFile(pool, config.FILES_DIR, {
          fileCode: picture.fileCode,
          brand,
          purpose: 'image',
          mime: 'image/png',
          name: `dish-${picture.fileCode.slice(-4)}.png`,
          bytes: () => drawDish(picture.hue),
        });
      const content = recipeContentSchema.parse({
        ...recipe.content,
        pictureFileCode: recipe.picture?.fileCode ?? null,
      });
      await createRecipe(path, references, actor, content, recipe.id);
      const ids = [recipe.id];
      const each = async (command: RecipeCommand) => done(await path.runMany(actor, ids, () => [command]));
      if (recipe.online) await each({ type: 'SetRecipeOnlineStatus', online: true });
      if (recipe.paid) await each({ type: 'SetRecipePaidStatus', paid: true });
      if (recipe.lifecycle === 'waiting_release' || recipe.lifecycle === 'released')
        await each({ type: 'SubmitRecipe' });
      if (recipe.lifecycle === 'released') await each({ type: 'ReleaseRecipe' });
      if (recipe.lifecycle === 'recycle_bin') {
        await refuseDeletingLinkedRecipes(pool, brand, ids, actor.lang);
        await each({ type: 'DeleteRecipe', at: new Date().toISOString() });
      }
    }
  }
}
