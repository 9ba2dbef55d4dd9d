/**
 * Execute Webhook's JSON body as Discord checks it (https://discord.com/developers/docs/resources/webhook
 * #execute-webhook, .../message#embed-object-embed-limits), and Discord's answer when it fails: 400, code
 * 50035 "Invalid Form Body", with an `errors` tree that follows the body's path down to `_errors`, each a
 * code and a message as Discord words them (BASE_TYPE_MAX_LENGTH "Must be 2000 or fewer in length." ...).
 * Lengths count characters after trimming, as Discord does: the limits are measured on what it keeps.
 */
import { z } from 'zod';

const LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  total: 6000,
  username: 80,
} as const;

/** Code points, not UTF-16 units: an emoji is one character to Discord, two to `String.length`. */
const chars = (s: string) => Array.from(s).length;
/** A refinement that fails with Discord's own code, carried to `discordError` in the issue's params. */
const fails = (code: string, error: string | ((issue: { input: unknown }) => string)) => ({
  error,
  params: { discord: code },
});

const text = (max: number) =>
  z
    .string()
    .trim()
    .refine((s) => chars(s) <= max, fails('BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`));
/** A field Discord requires: blank is as missing as absent. */
const requiredText = (max: number) =>
  text(max).refine((s) => s !== '', fails('BASE_TYPE_REQUIRED', 'This field is required'));

const HTTP = ['http', 'https'];
/** Icons and images may also name a file uploaded with the message. */
const HTTP_OR_ATTACHMENT = [...HTTP, 'attachment'];
const scheme = (s: string) => URL.parse(s)?.protocol.slice(0, -1) ?? '';
/** A web address needs a host; any other scheme is well formed, and refused by name below. */
const wellFormed = (s: string) => {
  const url = URL.parse(s);
  return url !== null && (!HTTP.includes(scheme(s)) || url.host !== '');
};
const url = (schemes: readonly string[]) =>
  z
    .string()
    .trim()
    .refine(wellFormed, fails('URL_TYPE_INVALID_URL', 'Not a well formed URL.'))
    .refine(
      (s) => !wellFormed(s) || schemes.includes(scheme(s)),
      fails(
        'URL_TYPE_INVALID_SCHEME',
        (issue) =>
          `Scheme "${scheme(String(issue.input))}" is not supported. Scheme must be one of (${schemes.map((s) => `'${s}'`).join(', ')}).`,
      ),
    );

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const timestamp = z
  .string()
  .refine(
    (s) => ISO_8601.test(s) && !Number.isNaN(Date.parse(s)),
    fails('DATE_TIME_TYPE_PARSE', (issue) => `Could not parse ${String(issue.input)}. Should be ISO8601.`),
  )
  // Discord answers every timestamp in UTC with an explicit offset, whatever zone it was sent in.
  .transform((s) => new Date(s).toISOString().replace('Z', '+00:00'));

const snowflake = z.string().refine(
  (s) => /^\d{1,20}$/.test(s),
  fails('NUMBER_TYPE_COERCE', (issue) => `Value "${String(issue.input)}" is not snowflake.`),
);

/** Drops what was sent as null, as Discord's answer leaves absent fields out. */
function compact<T extends object>(o: T): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };
}

const image = z.object({ url: url(HTTP_OR_ATTACHMENT) });
// type, provider, video and images' sizes are Discord's to set on a webhook's embed: taken and ignored.
const embed = z
  .object({
    title: text(LIMITS.title).nullish(),
    description: text(LIMITS.description).nullish(),
    url: url(HTTP).nullish(),
    timestamp: timestamp.nullish(),
    color: z.number().int().min(0).max(0xffffff).nullish(),
    footer: z.object({ text: requiredText(LIMITS.footer), icon_url: url(HTTP_OR_ATTACHMENT).nullish() }).nullish(),
    image: image.nullish(),
    thumbnail: image.nullish(),
    author: z
      .object({
        name: requiredText(LIMITS.author),
        url: url(HTTP).nullish(),
        icon_url: url(HTTP_OR_ATTACHMENT).nullish(),
      })
      .nullish(),
    fields: z
      .array(
        z.object({
          name: requiredText(LIMITS.fieldName),
          value: requiredText(LIMITS.fieldValue),
          inline: z.boolean().nullish(),
        }),
      )
      .max(LIMITS.fields)
      .nullish(),
  })
  .transform((e) => ({ type: 'rich' as const, ...compact(e) }));
export type Embed = z.output<typeof embed>;

/** What the 6,000 characters of a message's embeds count: the texts a reader sees, not URLs or colours. */
const embedSize = (e: Embed) =>
  [
    e.title,
    e.description,
    e.footer?.text,
    e.author?.name,
    ...(e.fields ?? []).flatMap((f) => [f.name, f.value]),
  ].reduce((n, s) => n + chars(s ?? ''), 0);

const RESERVED_NAMES = ['clyde', 'discord'];
const reservedIn = (s: string) => RESERVED_NAMES.find((word) => s.toLowerCase().includes(word));

const mentionTypes = z.enum(['roles', 'users', 'everyone']);
const allowedMentions = z
  .object({
    parse: z.array(mentionTypes).nullish(),
    roles: z.array(snowflake).max(100).nullish(),
    users: z.array(snowflake).max(100).nullish(),
    replied_user: z.boolean().nullish(),
  })
  .refine(
    (m) => !(m.parse?.includes('users') && m.users?.length),
    fails('MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE', 'parse:["users"] and users: [ids...] are mutually exclusive.'),
  )
  .refine(
    (m) => !(m.parse?.includes('roles') && m.roles?.length),
    fails('MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE', 'parse:["roles"] and roles: [ids...] are mutually exclusive.'),
  );

export const executeBodySchema = z.object({
  content: text(LIMITS.content).nullish(),
  username: z
    .string()
    .trim()
    .refine(
      (s) => chars(s) >= 1 && chars(s) <= LIMITS.username,
      fails('BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${LIMITS.username} in length.`),
    )
    .refine(
      (s) => reservedIn(s) === undefined,
      fails('USERNAME_INVALID_CONTAINS', (issue) => `Username cannot contain "${reservedIn(String(issue.input))}"`),
    )
    .nullish(),
  avatar_url: url(HTTP).nullish(),
  tts: z.boolean().nullish(),
  embeds: z
    .array(embed)
    .max(LIMITS.embeds)
    .refine(
      (embeds) => embeds.reduce((n, e) => n + embedSize(e), 0) <= LIMITS.total,
      fails('MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${LIMITS.total}`),
    )
    .nullish(),
  allowed_mentions: allowedMentions.nullish(),
});
export type ExecuteBody = z.output<typeof executeBodySchema>;

/** Discord's 50006: nothing a reader would see. */
export const isEmpty = (body: ExecuteBody) => !body.content && !body.embeds?.length;

interface FormError {
  code: string;
  message: string;
}
interface ErrorTree {
  _errors?: FormError[];
  [key: string]: ErrorTree | FormError[] | undefined;
}

const notObject = () => ({ code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' });
const typeNames: Record<string, (input: unknown) => FormError> = {
  string: (input) => ({ code: 'STRING_TYPE_CONVERT', message: `Could not interpret "${String(input)}" as string.` }),
  number: (input) => ({ code: 'NUMBER_TYPE_COERCE', message: `Value "${String(input)}" is not int.` }),
  int: (input) => ({ code: 'NUMBER_TYPE_COERCE', message: `Value "${String(input)}" is not int.` }),
  boolean: (input) => ({ code: 'BOOLEAN_TYPE_CONVERT', message: `Could not interpret "${String(input)}" as boolean.` }),
  object: notObject,
  array: () => ({ code: 'LIST_TYPE_CONVERT', message: 'Only iterables may be used in a ListType' }),
};

/** One zod issue in Discord's words. */
function discordError(issue: z.core.$ZodIssue): FormError {
  switch (issue.code) {
    case 'custom':
      return { code: String(issue.params?.discord ?? 'BASE_TYPE_INVALID'), message: issue.message };
    case 'too_big':
      return issue.origin === 'number'
        ? { code: 'NUMBER_TYPE_MAX', message: `int value should be less than or equal to ${issue.maximum}.` }
        : { code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${issue.maximum} or fewer in length.` };
    case 'too_small':
      return issue.origin === 'number'
        ? { code: 'NUMBER_TYPE_MIN', message: `int value should be greater than or equal to ${issue.minimum}.` }
        : { code: 'BASE_TYPE_MIN_LENGTH', message: `Must be ${issue.minimum} or more in length.` };
    case 'invalid_value':
      return {
        code: 'BASE_TYPE_CHOICES',
        message: `Value must be one of (${issue.values.map((v) => `'${String(v)}'`).join(', ')}).`,
      };
    case 'invalid_type':
      // A missing or null required field; `reportInput` leaves `input` out when there was none.
      if (issue.input === undefined || issue.input === null)
        return { code: 'BASE_TYPE_REQUIRED', message: 'This field is required' };
      return (typeNames[issue.expected] ?? notObject)(issue.input);
    default:
      return { code: 'BASE_TYPE_INVALID', message: issue.message };
  }
}

/** Discord's 50035 body: every issue at once, each under its path (array indexes as keys). */
export function invalidFormBody(issues: readonly z.core.$ZodIssue[]) {
  const errors: ErrorTree = {};
  for (const issue of issues) {
    let node = errors;
    for (const key of issue.path) node = (node[String(key)] ??= {}) as ErrorTree;
    (node._errors ??= []).push(discordError(issue));
  }
  return { message: 'Invalid Form Body', code: 50035, errors };
}
