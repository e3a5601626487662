import { describe, expect, it } from '@jest/globals';
import { heatingLogicOf, WORK_MODES } from '@kb/contracts';
import { emptyStep, problemsOfStep, withWorkMode, type StepDraft } from './step-rules.js';

const mode = (code: string) => WORK_MODES.find((m) => m.code === code)!;
/** A step of `code` prefilled as the editor does when the mode is chosen, with `patch` typed over it. */
const step = (code: string, patch: Partial<StepDraft> = {}) => ({
  ...withWorkMode(emptyStep(1), mode(code)),
  ...patch,
});
const problems = (code: string, patch: Partial<StepDraft> = {}) =>
  problemsOfStep(step(code, patch), mode(code));

describe('a step with a work mode', () => {
  it('is prefilled from the mode’s defaults', () => {
    expect(step('STEAM')).toMatchObject({
      workMode: 'STEAM',
      temperature: 100,
      minutes: 15,
      seconds: 0,
      speed: null,
    });
    expect(step('KNEAD')).toMatchObject({ minutes: 3, seconds: 0, temperature: null, rotation: null });
  });

  it('drops the settings the new mode does not use and keeps texts and water gear', () => {
    const steam = { ...step('STEAM'), waterGear: 3, descriptions: { zh: '蒸' } };
    const boil = withWorkMode(steam, mode('BOIL'));
    expect(boil).toMatchObject({ temperature: 100, minutes: null, seconds: null, waterGear: 3 });
    expect(boil.descriptions).toEqual({ zh: '蒸' });
    expect(withWorkMode(boil, null)).toMatchObject({ workMode: null, temperature: null });
    expect(problemsOfStep(withWorkMode(boil, null), null)).toEqual([]);
  });

  it('has no problem with the defaults of any mode', () => {
    for (const m of WORK_MODES) expect([m.code, problems(m.code)]).toEqual([m.code, []]);
  });
});

describe('each §9 work mode in the editor, as the spec states it', () => {
  it('kettle (boil): 100 °C by default, no time', () => {
    expect(step('BOIL')).toMatchObject({ temperature: 100, minutes: null, seconds: null, speed: null });
    expect(problems('BOIL', { temperature: 90 })).toEqual([]);
    expect(problems('BOIL', { temperature: 101 })).toMatchObject([{ field: 'temperature', max: 100 }]);
  });

  it('pulse: speed 12 for 1 minute by default, another speed may be chosen', () => {
    expect(step('PULSE')).toMatchObject({ speed: 12, minutes: 1, seconds: 0 });
    expect(problems('PULSE', { speed: 8 })).toEqual([]);
    expect(problems('PULSE', { minutes: 2 })).toMatchObject([{ field: 'time', code: 'out_of_range' }]);
  });

  it('knead: 27 s forward, 3 s pause, 27 s reverse, 3 s pause, 3 minutes in total', () => {
    expect(step('KNEAD')).toMatchObject({ minutes: 3, seconds: 0 });
    expect(problems('KNEAD', { minutes: 2, seconds: 30 })).toEqual([
      { field: 'time', code: 'whole_cycles', cycleSeconds: 60, value: 150 },
    ]);
    expect(problems('KNEAD', { minutes: 4, seconds: 0 })).toEqual([]);
  });

  it('food processor: speed 3-5, up to 1 minute', () => {
    expect(problems('FOOD_PROCESSOR', { speed: 3, minutes: 1, seconds: 0 })).toEqual([]);
    expect(problems('FOOD_PROCESSOR', { speed: 6 })).toMatchObject([{ field: 'speed', min: 3, max: 5 }]);
    expect(problems('FOOD_PROCESSOR', { minutes: 1, seconds: 1 })).toMatchObject([
      { field: 'time', max: 60 },
    ]);
  });

  it('meat grinder: speed 1-12, 10 s to 4 min', () => {
    expect(problems('MEAT_GRINDER', { speed: 1, minutes: 0, seconds: 10 })).toEqual([]);
    expect(problems('MEAT_GRINDER', { speed: 12, minutes: 4, seconds: 0 })).toEqual([]);
    expect(problems('MEAT_GRINDER', { minutes: 0, seconds: 9 })).toMatchObject([{ min: 10, max: 240 }]);
    expect(problems('MEAT_GRINDER', { speed: 0 })).toMatchObject([{ field: 'speed', min: 1, max: 12 }]);
  });

  it('stir: 5 s on, 25 s off, so whole 30-second cycles and its default 5:00 is fine', () => {
    expect(step('STIR')).toMatchObject({ minutes: 5, seconds: 0 });
    expect(problems('STIR')).toEqual([]);
    expect(problems('STIR', { minutes: 0, seconds: 30 })).toEqual([]);
    expect(problems('STIR', { minutes: 1, seconds: 10 })).toEqual([
      { field: 'time', code: 'whole_cycles', cycleSeconds: 30, value: 70 },
    ]);
  });

  it('yogurt fermentation: 37-65 °C', () => {
    expect(problems('YOGURT', { temperature: 37 })).toEqual([]);
    expect(problems('YOGURT', { temperature: 65 })).toEqual([]);
    expect(problems('YOGURT', { temperature: 36 })).toMatchObject([{ min: 37, max: 65 }]);
    expect(problems('YOGURT', { temperature: 66 })).toMatchObject([{ min: 37, max: 65 }]);
  });

  it('drying: 60-80 °C', () => {
    expect(problems('DRYING', { temperature: 60 })).toEqual([]);
    expect(problems('DRYING', { temperature: 80 })).toEqual([]);
    expect(problems('DRYING', { temperature: 59 })).toMatchObject([{ min: 60, max: 80 }]);
    expect(problems('DRYING', { temperature: 81 })).toMatchObject([{ min: 60, max: 80 }]);
  });

  it('steam: the countdown starts after 95 °C', () => {
    expect(problems('STEAM', { temperature: 95 })).toEqual([]);
    expect(problems('STEAM', { temperature: 90 })).toEqual([
      { field: 'temperature', code: 'below_countdown', threshold: 95, value: 90 },
    ]);
    expect(problems('STEAM', { minutes: 0, seconds: 30 })).toMatchObject([{ field: 'time', min: 60 }]);
  });

  it('DIY: 0-100 °C (boil logic) and above 100 °C (DIY heating) are both settings', () => {
    expect(problems('FAST_DIY', { temperature: 0 })).toEqual([]);
    expect(problems('FAST_DIY', { temperature: 100 })).toEqual([]);
    expect(problems('FAST_DIY', { temperature: 120 })).toEqual([]);
    expect(heatingLogicOf(mode('FAST_DIY'), 100)).toBe('boil');
    expect(heatingLogicOf(mode('FAST_DIY'), 101)).toBe('diy');
  });
});

describe('a new step', () => {
  it('has its number and nothing chosen yet: no mode, no texts, no settings', () => {
    const { number, descriptions, autoStart, ...settings } = emptyStep(7);
    expect({ number, descriptions, autoStart }).toEqual({ number: 7, descriptions: {}, autoStart: false });
    expect(Object.values(settings).every((value) => value === null)).toBe(true);
  });
});
