/**
 * Fonts for the report PDF. pdfkit's built-in Helvetica is not embedded, so the report uses a
 * TrueType font that pdfkit subsets and embeds: DejaVu Sans (Debian package fonts-dejavu-core,
 * also in most Linux images). No npm package installed here ships a text TTF; paths can be
 * overridden by the caller.
 */
import { readFileSync } from 'node:fs';

export interface FontFiles {
  regular: string;
  bold: string;
}

export const DEFAULT_FONT_FILES: FontFiles = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

export interface LoadedFonts {
  regular: Buffer;
  bold: Buffer;
}

const cache = new Map<string, Buffer>();

function load(path: string): Buffer {
  let data = cache.get(path);
  if (!data) {
    try {
      data = readFileSync(path);
    } catch (e) {
      throw new Error(
        `Report font not found at ${path}. Install DejaVu fonts (Debian/Ubuntu: apt-get install fonts-dejavu-core) or pass font paths to the renderer.`,
        { cause: e },
      );
    }
    cache.set(path, data);
  }
  return data;
}

/** Reads (once per process) and returns the font files. */
export function loadFonts(files: FontFiles = DEFAULT_FONT_FILES): LoadedFonts {
  return { regular: load(files.regular), bold: load(files.bold) };
}
