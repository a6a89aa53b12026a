/**
 * What a downloaded file of a personal-data list really holds, for its access record (docs/privacy.md
 * › Downloads ask why): the logged fields among the file's columns that have a value in some row, and
 * the subjects (rows' keys) with a value in one of them. Shared by the browser, which writes small files
 * itself and records them, and the server's export job, which writes the large ones.
 */
export interface PersonalDownloadShape {
  /** The subject's key in a row. */
  key: string;
  /** The fields that identify or reach a person (contact data, names, vehicle numbers). */
  fields: readonly string[];
}

export interface FileSubjects {
  fields: string[];
  keys: string[];
}

/** Accumulates over the pages of one file; `columns` are the fields of the file's columns. */
export function fileSubjects(shape: PersonalDownloadShape, columns: readonly string[]) {
  const logged = shape.fields.filter((f) => columns.includes(f));
  const fields = new Set<string>();
  const keys: string[] = [];
  const seen = new Set<string>();
  return {
    add(rows: ReadonlyArray<Record<string, unknown>>): void {
      for (const row of rows) {
        const present = logged.filter((f) => {
          const v = row[f];
          return v !== null && v !== undefined && String(v).trim() !== '';
        });
        if (present.length === 0) continue;
        present.forEach((f) => fields.add(f));
        const key = String(row[shape.key] ?? '');
        if (key !== '' && !seen.has(key)) {
          seen.add(key);
          keys.push(key);
        }
      }
    },
    result(): FileSubjects {
      return { fields: logged.filter((f) => fields.has(f)), keys };
    },
  };
}
