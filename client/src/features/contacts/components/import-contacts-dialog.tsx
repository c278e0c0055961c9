import { Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { COMMON_PHONE_COUNTRIES, DEFAULT_PHONE_COUNTRY } from '@shared/phone';
import { IMPORT_MAX_BYTES, type ImportResult } from '@shared/contacts';

import { useImportContacts } from '../api/import-contacts';
import { ImportReport } from './import-report';

interface ImportContactsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ImportContactsDialog({ open, onOpenChange }: ImportContactsDialogProps) {
  const importContacts = useImportContacts();
  const [file, setFile] = useState<File | null>(null);
  const [country, setCountry] = useState<string>(DEFAULT_PHONE_COUNTRY);
  const [fileError, setFileError] = useState<string>();
  const [result, setResult] = useState<ImportResult | null>(null);

  function reset() {
    setFile(null);
    setFileError(undefined);
    setResult(null);
    importContacts.reset();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFileError('Please choose a CSV file to import.');
    if (file.size > IMPORT_MAX_BYTES)
      return setFileError('The CSV file is larger than 5 MB. Split it into smaller files.');
    setFileError(undefined);
    importContacts.mutate(
      { file, country },
      {
        onSuccess: (report) => {
          setResult(report);
          toast({
            title: 'Contacts imported',
            description: `${report.created} created, ${report.updated} updated, ${report.skipped} skipped.`,
          });
        },
        // The server's reason (bad quotes at line n, not UTF-8, missing columns...) belongs next to the file.
        onError: (error) => setFileError(error.message),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Import contacts</DialogTitle>
          <DialogDescription>
            A CSV file whose first row names the columns <code>name</code>, <code>email</code>,{' '}
            <code>phone</code> and optionally <code>tags</code> (separated by semicolons) and{' '}
            <code>language</code> (<code>de</code>, <code>German</code> or <code>Deutsch</code>: their
            messages and review page use it). Rows matching an existing contact by email or phone update it;
            the report lists every phone or email it replaces. A line that cannot be read is skipped and
            reported, the others are imported.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <>
            <ImportReport result={result} />
            <DialogFooter>
              <Button variant="outline" onClick={reset}>
                Import another file
              </Button>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <FormField id="import-file" label="CSV file" error={fileError} description="UTF-8, up to 5 MB.">
              <Input
                type="file"
                accept=".csv,text/csv"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(undefined);
                }}
              />
            </FormField>
            <FormField
              id="import-country"
              label="Phone country"
              description="Phone numbers written without a country code are read as this country's."
            >
              <Select value={country} onValueChange={setCountry}>
                {/* The label's `for` must reach the trigger (the focusable button), not the Select root. */}
                <SelectTrigger id="import-country" aria-describedby="import-country-description">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {COMMON_PHONE_COUNTRIES.map(({ code, name }) => (
                    <SelectItem key={code} value={code}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <DialogFooter>
              <Button
                variant="outline"
                onClick={() => onOpenChange(false)}
                disabled={importContacts.isPending}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={importContacts.isPending}>
                {importContacts.isPending ? (
                  <Spinner size="sm" label="Importing…" />
                ) : (
                  <Upload aria-hidden="true" />
                )}
                Import
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
