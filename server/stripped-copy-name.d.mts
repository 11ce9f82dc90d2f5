/** The file name of a module's type-stripped copy in build/stripped/, from the bytes of its source. */
export function strippedCopyName(source: Buffer | string): string;
