/**
 * The translation port: a batch of texts from one language to another. Adapters speak a service's HTTP protocol
 * (LibreTranslate, DeepL); the demo glossary stands in when no service is configured.
 */
export interface TranslationProvider {
  /** Recorded on the proposal and on `RecipeTranslated`. */
  readonly name: string;
  /** True for the built-in glossary: the screens say so. */
  readonly demo: boolean;
  /** The texts in `to`, in the order given (one per input text). */
  translate(texts: readonly string[], from: string, to: string): Promise<string[]>;
}

/** A provider call that failed for good (after its retries): `reason` is shown to the user. */
export class TranslationError extends Error {
  override readonly name = 'TranslationError';
  constructor(readonly reason: string) {
    super(reason);
  }
}
