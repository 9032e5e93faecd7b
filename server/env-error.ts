/** A setting of the environment is missing or wrong: the message names it, never its value. */
export class EnvError extends Error {
  override name = 'EnvError';
}
