import { Link } from "wouter";
import { Compass } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle("Page Not Found");
  return (
    <section className="mx-auto flex max-w-md flex-col items-center py-10 text-center">
      <span className="mb-4 inline-flex size-16 items-center justify-center rounded-full bg-teal-100 text-primary-text">
        <Compass className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">404 Page Not Found</h1>
      <p className="mt-2 text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Link href="/" className={buttonVariants({ className: "mt-6" })}>
        Go to home
      </Link>
    </section>
  );
}
