/** The built-in catalogue, loaded the way the CLI loads any project's catalogue. */
import { defaultCatalogue } from '../../generator/project';

export const CATALOGUE = defaultCatalogue();
