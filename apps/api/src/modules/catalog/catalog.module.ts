import { Module } from '@nestjs/common';
import { referenceEntityController } from '../../common/reference-entity/reference-entity.controller.js';
import { ReferenceEntityService } from '../../common/reference-entity/reference-entity.service.js';
import { CatalogController } from './catalog.controller.js';
import { OnlineCategoriesController } from './online-categories.controller.js';
import {
  accessoryEntity,
  ingredientUnitEntity,
  recipeCategoryEntity,
  recipeTagEntity,
} from './catalog.entities.js';

/** Recipe reference data: categories, tags, units, accessories, brand languages. */
@Module({
  providers: [ReferenceEntityService],
  controllers: [
    CatalogController,
    OnlineCategoriesController,
    ...[recipeCategoryEntity, recipeTagEntity, ingredientUnitEntity, accessoryEntity].map((e) =>
      referenceEntityController(e as never),
    ),
  ],
})
export class CatalogModule {}
