import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@kb/domain';
import { ApkFleet } from '../../apk-fleet.js';
import { RolloutCompatibilityQuery } from './rollout-compatibility.query.js';

@QueryHandler(RolloutCompatibilityQuery)
export class RolloutCompatibilityHandler implements IQueryHandler<RolloutCompatibilityQuery> {
  constructor(private readonly fleet: ApkFleet) {}

  async execute({ brand, id, needs }: RolloutCompatibilityQuery) {
    const apk = await this.fleet.package(brand, id);
    if (!apk) throw new DomainError(404, 'apk_not_found');
    return this.fleet.compatibility(brand, apk, needs);
  }
}
