import { describe, expect, it } from '@jest/globals';
import { WORK_MODES } from '@kb/contracts';
import { emptyStep, stepProblems, withWorkMode } from './step-rules.js';

const mode = (code: string) => WORK_MODES.find((m) => m.code === code)!;

describe('a step with a work mode', () => {
  it('is prefilled from the mode’s defaults', () => {
    const steam = withWorkMode(emptyStep(1), mode('STEAM'));
    expect(steam).toMatchObject({
      workMode: 'STEAM',
      temperature: 100,
      minutes: 15,
      seconds: 0,
      speed: null,
    });
    const knead = withWorkMode(emptyStep(2), mode('KNEAD'));
    expect(knead).toMatchObject({ minutes: 3, seconds: 0, temperature: null, rotation: null });
  });

  it('drops the settings the new mode does not use and keeps texts and water gear', () => {
    const step = { ...withWorkMode(emptyStep(1), mode('STEAM')), waterGear: 3, descriptions: { zh: '蒸' } };
    const boil = withWorkMode(step, mode('BOIL'));
    expect(boil).toMatchObject({ temperature: 100, minutes: null, seconds: null, waterGear: 3 });
    expect(boil.descriptions).toEqual({ zh: '蒸' });
    expect(withWorkMode(boil, null)).toMatchObject({ workMode: null, temperature: null });
  });

  it('is checked against the mode’s ranges', () => {
    const steam = withWorkMode(emptyStep(1), mode('STEAM'));
    expect(stepProblems(steam, mode('STEAM'))).toEqual([]);
    expect(stepProblems({ ...steam, temperature: 90 }, mode('STEAM'))).toEqual([
      { field: 'temperature', code: 'below_countdown', threshold: 95 },
    ]);
    expect(stepProblems({ ...steam, temperature: 130 }, mode('STEAM'))).toEqual([
      { field: 'temperature', code: 'out_of_range', min: 95, max: 120 },
    ]);
    expect(stepProblems({ ...steam, minutes: 0, seconds: 30 }, mode('STEAM'))).toEqual([
      { field: 'time', code: 'out_of_range', min: 60, max: 5940 },
    ]);
  });

  it('takes knead time in whole 60-second cycles', () => {
    const knead = withWorkMode(emptyStep(1), mode('KNEAD'));
    expect(stepProblems({ ...knead, minutes: 2, seconds: 30 }, mode('KNEAD'))).toEqual([
      { field: 'time', code: 'whole_cycles', cycleSeconds: 60 },
    ]);
    expect(stepProblems({ ...knead, minutes: 4, seconds: 0 }, mode('KNEAD'))).toEqual([]);
  });
});
