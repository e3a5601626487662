import { Badge, Group } from '@mantine/core';

/** The languages a record has a name in, the main one highlighted. */
export function LanguageBadges({
  names,
  mainLang,
  languageName,
}: {
  names: Record<string, string>;
  mainLang?: string;
  languageName: Map<string, string>;
}) {
  return (
    <Group gap={4}>
      {Object.keys(names).map((lang) => (
        <Badge key={lang} size="sm" variant={lang === mainLang ? 'filled' : 'light'} title={names[lang]}>
          {languageName.get(lang) ?? lang}
        </Badge>
      ))}
    </Group>
  );
}
