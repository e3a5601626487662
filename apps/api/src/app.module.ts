import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { EnvelopeExceptionFilter } from './common/exception.filter.js';
import { ReadYourWritesInterceptor } from './common/read-your-writes.interceptor.js';
import { type AppConfig } from './config.js';
import { ConfigModule } from './infra/config.module.js';
import { InfraModule } from './infra/infra.module.js';
import { AccountsController } from './modules/accounts/accounts.controller.js';
import { EmailCodeService } from './modules/accounts/email-code.service.js';
import { Mailer } from './modules/accounts/mailer.js';
import { AuthController } from './modules/auth/auth.controller.js';
import { AuthGuard } from './modules/auth/auth.guard.js';
import { AuthService } from './modules/auth/auth.service.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { FilesController } from './modules/files/files.controller.js';
import { HealthController } from './modules/health/health.controller.js';
import { PreferencesController } from './modules/preferences/preferences.controller.js';
import { CatalogModule } from './modules/catalog/catalog.module.js';
import { ReferenceController } from './modules/reference/reference.controller.js';
import { RecipesModule } from './modules/recipes/recipes.module.js';
import { ApkPackagesModule } from './modules/apk-packages/apk-packages.module.js';
import { OfflinePacksModule } from './modules/offline-packs/offline-packs.module.js';
import { RecipeEvaluationsModule } from './modules/recipe-evaluations/recipe-evaluations.module.js';
import { DevicesModule } from './modules/devices/devices.module.js';
import { ContentModule } from './modules/content/content.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AppUsersModule } from './modules/app-users/app-users.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { NoticesModule } from './modules/notices/notices.module.js';
import { StaffModule } from './modules/staff/staff.module.js';
import { SavedViewsModule } from './modules/saved-views/saved-views.module.js';
import { ListExportsModule } from './common/list-export/list-exports.module.js';
import { SearchModule } from './modules/search/search.module.js';
import { LiveEventsModule } from './modules/live-events/live-events.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        ConfigModule.forRoot(config),
        CqrsModule.forRoot(),
        InfraModule,
        JobsModule,
        ListExportsModule,
        CatalogModule,
        RecipesModule,
        ApkPackagesModule,
        OfflinePacksModule,
        RecipeEvaluationsModule,
        DevicesModule,
        ContentModule,
        AuditModule,
        AppUsersModule,
        NoticesModule,
        StaffModule,
        SavedViewsModule,
        SearchModule,
        LiveEventsModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor },
        AuthService,
        LoginThrottle,
        EmailCodeService,
        Mailer,
      ],
      controllers: [
        AuthController,
        AccountsController,
        FilesController,
        ReferenceController,
        HealthController,
        PreferencesController,
      ],
    };
  }
}
