import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { OfflinePackBuilds } from '../../offline-pack-builds.js';
import { OfflinePackBuildQuery } from './offline-pack-build.query.js';

@QueryHandler(OfflinePackBuildQuery)
export class OfflinePackBuildHandler implements IQueryHandler<OfflinePackBuildQuery> {
  constructor(private readonly builds: OfflinePackBuilds) {}

  execute({ brand, lang, id }: OfflinePackBuildQuery) {
    return this.builds.latest(brand, id, lang);
  }
}
