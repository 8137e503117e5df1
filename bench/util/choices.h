/* A choice set (the values an option takes, in the order of an enum),
 * declared once as an X-macro list of X(ENUMERATOR, "name"): the enum and
 * the '|'-joined names are both made of it, so that a name's place and its
 * enumerator cannot drift apart.
 *
 *   #define PETS(X) X(PET_CAT, "cat") X(PET_DOG, "dog")
 *   typedef enum pet { PETS(SQ_CHOICE_ENUMERATOR) } pet;
 *   .choices = SQ_CHOICES(PETS)  -> "cat|dog"
 */
#ifndef SQCOLOR_CHOICES_H
#define SQCOLOR_CHOICES_H

#define SQ_CHOICE_ENUMERATOR(id, name) id,
#define SQ_CHOICE_NAME(id, name)       "|" name

/* The names of a list joined by '|', its leading '|' skipped. */
#define SQ_CHOICES(LIST) (LIST(SQ_CHOICE_NAME) + 1)

#endif
