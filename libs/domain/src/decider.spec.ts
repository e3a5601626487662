import { DomainError, replay, statesAfterEachEvent, type Decider } from './decider.js';

type Ev = { type: 'Opened' } | { type: 'Closed' };
type Cmd = { type: 'close' };
type St = { open: boolean; events: number };

const door: Decider<Cmd, Ev, St> = {
  initialState: { open: false, events: 0 },
  evolve: (s, e) => ({ open: e.type === 'Opened', events: s.events + 1 }),
  decide: (_c, s) => {
    if (!s.open) throw new DomainError(409, 'already_closed');
    return [{ type: 'Closed' }];
  },
};

describe('decider helpers', () => {
  it('replays events into the current state', () => {
    expect(replay(door, [{ type: 'Opened' }, { type: 'Closed' }, { type: 'Opened' }])).toEqual({
      open: true,
      events: 3,
    });
  });

  it('gives the state as of each event for history views', () => {
    expect(statesAfterEachEvent(door, [{ type: 'Opened' }, { type: 'Closed' }]).map((s) => s.open)).toEqual([
      true,
      false,
    ]);
  });

  it('refuses an illegal command with a typed error', () => {
    expect(() => door.decide({ type: 'close' }, door.initialState)).toThrow(DomainError);
  });
});
