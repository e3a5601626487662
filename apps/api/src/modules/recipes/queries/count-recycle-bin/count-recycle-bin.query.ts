import { Query } from '@nestjs/cqrs';

/** How many recipes are in the brand's recycle bin (§7 recipe/countRemove). */
export class CountRecycleBinQuery extends Query<{ count: number }> {
  constructor(readonly brand: string) {
    super();
  }
}
