import { promiseValues } from "@/lib/contracts/promise";
/**
 * The FAQ's seven categories and their questions, in display order. Texts are in messages under
 * faq.categories.<category>.title and faq.categories.<category>.questions.<question>.{question,answer}.
 */
const faqCategories = [
  { id: "gettingStarted", questions: ["whatIs", "howItWorks", "cost", "account"] },
  { id: "records", questions: ["whichFiles", "slowConnection", "tracking"] },
  { id: "plans", questions: ["howFast", "contents", "whichHospitals", "compare"] },
  { id: "payment", questions: ["whenPay", "included", "budget"] },
  { id: "travel", questions: ["invitation", "companion", "arrival"] },
  { id: "care", questions: ["icuAdmission", "icuVisits", "discharge", "incidents"] },
  { id: "privacy", questions: ["security", "retention", "rights"] },
] as const;

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

interface FaqCategory {
  id: string;
  title: string;
  entries: FaqEntry[];
}

/** Resolves the texts of every category and question with a translator for the "faq" namespace. */
export function translateFaq(t: (key: string, values?: typeof promiseValues) => string): FaqCategory[] {
  return faqCategories.map(({ id, questions }) => ({
    id,
    title: t(`categories.${id}.title`),
    entries: questions.map((question) => ({
      id: `${id}-${question}`,
      question: t(`categories.${id}.questions.${question}.question`),
      answer: t(`categories.${id}.questions.${question}.answer`, promiseValues),
    })),
  }));
}
