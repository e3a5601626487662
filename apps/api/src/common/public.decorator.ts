import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'kb:public';
/** Marks a route reachable without a session (login, captcha, health, public config). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
