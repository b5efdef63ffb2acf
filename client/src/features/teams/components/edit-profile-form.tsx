// The captain's Edit Profile form (validated by the shared updateTeamSchema, as on the server).
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { PREFERRED_SURFACES } from "@shared/constants";
import type { TeamView } from "@shared/types/teams";
import { TEAM_BIO_MAX, TEAM_LOCATION_MAX, updateTeamSchema, type UpdateTeamInput } from "@shared/validators/teams";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CharCount } from "@/components/ui/char-count";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Options, Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/api-client";
import { useUpdateTeam } from "../api/update-team";
import { PREFERRED_SURFACE_LABELS } from "./preferred-surface";

export function EditProfileForm({ team, onDone }: { team: TeamView; onDone: () => void }) {
  const update = useUpdateTeam(team.id);
  const form = useForm<UpdateTeamInput>({
    resolver: zodResolver(updateTeamSchema),
    defaultValues: {
      name: team.name,
      bio: team.bio ?? "",
      location: team.location ?? "",
      avatar: team.avatar ?? "",
      preferredCourtSurface: team.preferredCourtSurface,
    },
  });
  const { errors } = form.formState;
  const bio = form.watch("bio") ?? "";
  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: "Profile Updated", description: "Your team profile has been saved." });
        onDone();
      },
      onError: (err) => toast({ variant: "destructive", title: "Update Failed", description: errorMessage(err, "Could not save the profile.") }),
    });
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Edit Profile</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField label="Team name" required error={errors.name?.message}>
            <Input autoComplete="off" {...form.register("name")} />
          </FormField>
          <FormField label="Location" error={errors.location?.message}>
            <Input maxLength={TEAM_LOCATION_MAX} {...form.register("location")} />
          </FormField>
          <FormField label="Avatar URL" error={errors.avatar?.message} hint="An http or https image address.">
            <Input type="url" inputMode="url" {...form.register("avatar")} />
          </FormField>
          <FormField label="Preferred court surface" error={errors.preferredCourtSurface?.message}>
            <Select {...form.register("preferredCourtSurface")}>
              <Options values={PREFERRED_SURFACES} labels={PREFERRED_SURFACE_LABELS} />
            </Select>
          </FormField>
          <FormField label="Bio" error={errors.bio?.message} className="sm:col-span-2" labelAside={<CharCount value={bio} max={TEAM_BIO_MAX} />}>
            <Textarea rows={3} maxLength={TEAM_BIO_MAX} {...form.register("bio")} />
          </FormField>
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
            <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
