/**
 * Two runs of a program in one process (an Automation API inline program run twice: `up`, the
 * program edited to drop a resource, `up` again). The records behind the one-owner check and
 * the `__spellings` hint are the run's own: a resource of the first run that the second run
 * no longer declares is not in the second run's hint and does not make it a second owner.
 * Each run is a `pulumi.runtime.setMocks` (a new engine connection, as each inline run has);
 * the inputs checked are the ones the engine would receive.
 */
import { ResponsePage } from "../../packages/pulumi/src/resources/public/response-page";
import { newProgramRun as newRun, registeredInputs as inputsOf } from "./mocks";

test("a resource removed from the program between two runs is not in the second run's __spellings hint", async () => {
  // Run 1: shield zone 3's page by its id, and by its pull zone 5.
  await newRun();
  new ResponsePage("page-by-zone", { shieldZoneId: 3, pageType: "block", html: "<p>1</p>" });
  new ResponsePage("page-by-pull", { pullZoneId: 5, pageType: "block", html: "<p>2</p>" });
  expect((await inputsOf("page-by-pull")).__spellings).toBeDefined(); // both spellings

  // Run 2: the program keeps only the page by pull zone.
  await newRun();
  new ResponsePage("page-by-pull", { pullZoneId: 5, pageType: "block", html: "<p>2</p>" });
  expect((await inputsOf("page-by-pull")).__spellings).toBeUndefined(); // one spelling: no hint
});

test("a resource renamed between two runs is the zone's one owner in the second run", async () => {
  // Run 1: shield zone 3's rate-limit page.
  await newRun();
  new ResponsePage("page-old", { shieldZoneId: 3, pageType: "ratelimit", html: "<p>r</p>" });
  expect((await inputsOf("page-old")).shieldZoneId).toBe(3);

  // Run 2: the same page under a new name; the old one is gone from the program.
  await newRun();
  new ResponsePage("page-new", { shieldZoneId: 3, pageType: "ratelimit", html: "<p>r</p>" });
  expect((await inputsOf("page-new")).shieldZoneId).toBe(3);
});
