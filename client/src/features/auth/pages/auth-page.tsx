// /auth (docs/product.md, "Auth page"): Login and Register tabs. Signed-in users are sent to / by the router. The open
// tab is in the address (/auth?tab=register), so a refresh or a shared link keeps it.
import { Suspense, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { ShieldCheck, Swords, Trophy } from "lucide-react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { preloadable } from "@/lib/preloadable";
import { LoginForm } from "../components/login-form";

// The Register form (with the picture check) is not on the first screen: its chunk is fetched when
// the Register tab is pointed at or focused, and the form is rendered when the tab is first opened.
const RegisterForm = preloadable<object>(() =>
  import("../components/register-form").then((m) => ({ default: m.RegisterForm })),
);
const preloadRegisterForm = () => void RegisterForm.preload();

const POINTS = [
  { icon: Trophy, text: "Ratings per surface: UBC Grass, Jericho Beach and Jericho Hardcourt." },
  { icon: Swords, text: "Captains challenge teams up to 3 places above, then report the score." },
  { icon: ShieldCheck, text: "Opponents confirm or dispute every result before the ladder moves." },
];

export default function AuthPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = new URLSearchParams(search).get("tab") === "register" ? "register" : "login";
  const [registerOpened, setRegisterOpened] = useState(false);
  // The Register form is rendered once its tab has been open (from a click or from the address).
  const registerMounted = registerOpened || tab === "register";
  const selectTab = (next: string) => {
    const params = new URLSearchParams(search);
    if (next === "register") params.set("tab", "register");
    else params.delete("tab");
    const query = params.toString();
    navigate(query ? `/auth?${query}` : "/auth", { replace: true });
    if (next === "register") setRegisterOpened(true);
  };
  return (
    <div className="mx-auto grid w-full max-w-5xl items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,34rem)] lg:gap-12">
      <section className="lg:pt-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl lg:text-4xl">Doubles Ladder</h1>
        <p className="mt-2 text-muted-foreground lg:mt-3 lg:text-lg">
          The club&apos;s doubles ladder: register your team of two, climb the rankings, and play the teams around you.
        </p>
        <ul className="mt-6 hidden gap-4 lg:grid">
          {POINTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-text">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="pt-1.5 text-sm text-foreground">{text}</span>
            </li>
          ))}
        </ul>
      </section>
      <Card>
        <Tabs value={tab} onValueChange={selectTab} className="gap-0">
          <CardHeader className="pb-4">
            <TabsList className="w-full" aria-label="Login or register">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register" onPointerEnter={preloadRegisterForm} onFocus={preloadRegisterForm}>
                Register
              </TabsTrigger>
            </TabsList>
          </CardHeader>
          <CardContent>
            {/* Both panels stay mounted once opened, so switching tabs keeps what was typed. */}
            <TabsContent value="login" forceMount>
              <LoginForm />
            </TabsContent>
            <TabsContent value="register" forceMount>
              {registerMounted && (
                <Suspense fallback={<Spinner className="flex py-10" />}>
                  <RegisterForm />
                </Suspense>
              )}
            </TabsContent>
          </CardContent>
        </Tabs>
      </Card>
    </div>
  );
}
