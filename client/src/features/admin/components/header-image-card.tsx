// Header image: the URL with a live preview; Edit, then Save or Cancel.
import { useState } from "react";
import { ImageIcon, Pencil } from "lucide-react";
import { headerImageSchema } from "@shared/validators/teams";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useHeaderImage } from "@/features/ladder/api/get-header-image";
import { useUpdateHeaderImage } from "../api/update-header-image";

const PREVIEW_FAILED = "The image could not be loaded from this URL";
const SAVE_REFUSED = "This URL does not load an image (see the preview). Check the address, or use another image.";

/** The image at `url`, or why there is none. `failed` is the URL whose image did not load (lifted up, so Save can refuse it). */
function Preview({ url, failed, onFailed }: { url: string; failed: string | null; onFailed: (url: string) => void }) {
  if (!url) return <PreviewBox>No image set</PreviewBox>;
  if (failed === url) return <PreviewBox>{PREVIEW_FAILED}</PreviewBox>;
  return (
    <img
      src={url}
      alt="Header image preview"
      className="h-32 w-full rounded-lg border border-border object-cover sm:h-40"
      onError={() => onFailed(url)}
    />
  );
}

function PreviewBox({ children }: { children: string }) {
  return (
    <div className="flex h-32 w-full flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-border-strong text-sm text-muted-foreground sm:h-40">
      <ImageIcon className="size-6" aria-hidden="true" />
      {children}
    </div>
  );
}

export function HeaderImageCard() {
  const current = useHeaderImage();
  const update = useUpdateHeaderImage();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const editing = draft !== null;
  const savedUrl = current.data?.url ?? "";

  const save = () => {
    const parsed = headerImageSchema.safeParse({ url: draft ?? "" });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    // The preview of this very URL failed: saving it would put a broken image on the home page.
    if (failedUrl !== null && failedUrl === parsed.data.url) {
      setError(SAVE_REFUSED);
      return;
    }
    update.mutate(parsed.data.url, {
      onSuccess: () => {
        toast({ variant: "success", title: "Header Image Updated", description: "The new header image is live." });
        setDraft(null);
        setError(undefined);
      },
      onError: (err) =>
        toast({ variant: "destructive", title: "Failed to Update Header Image", description: errorMessage(err, "Could not save the header image.") }),
    });
  };

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle>Header Image</CardTitle>
          <CardDescription>The picture at the top of the home page.</CardDescription>
        </div>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setDraft(savedUrl)} disabled={current.isPending}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {current.isPending ? (
          <Skeleton className="h-32 w-full sm:h-40" />
        ) : editing ? (
          <>
            <FormField label="Image URL" error={error} hint="An http or https address of an image.">
              <Input
                type="url"
                inputMode="url"
                value={draft}
                placeholder="https://example.com/header.jpg"
                onChange={(e) => {
                  setDraft(e.target.value);
                  setError(undefined);
                }}
              />
            </FormField>
            <Preview url={draft.trim()} failed={failedUrl} onFailed={setFailedUrl} />
            <div className="flex flex-wrap gap-2">
              <Button onClick={save} loading={update.isPending}>
                Save
              </Button>
              <Button
                variant="outline"
                disabled={update.isPending}
                onClick={() => {
                  setDraft(null);
                  setError(undefined);
                }}
              >
                Cancel
              </Button>
            </div>
          </>
        ) : (
          <>
            <Preview url={savedUrl} failed={failedUrl} onFailed={setFailedUrl} />
            {savedUrl && <p className="truncate text-xs text-muted-foreground" title={savedUrl}>{savedUrl}</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}
